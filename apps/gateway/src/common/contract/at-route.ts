import { RequestMapping, RequestMethod } from '@nestjs/common';
import type { Route } from '@onboarding/contracts';

/** A route of the contracts' table, mapped at its method and path as declared there. */
export const AtRoute = ({ method, path }: Route) =>
  RequestMapping({ path, method: RequestMethod[method] });

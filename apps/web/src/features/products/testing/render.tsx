import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@/lib/route-meta';
import { routePattern, type RouteName } from '@/lib/routes';
import { renderRoutes } from '@test/render-routes';

/*
 * The shared test environment (test/jsdom-environment.mjs) puts Node's FormData in place of
 * jsdom's, and Node's cannot read a jsdom <form>. React 19 builds `new FormData(form)` when a
 * navigation (a transition) starts inside a submit handler, as the product form's "nothing
 * changed" path does; browsers handle that. Until the environment keeps jsdom's FormData, give
 * the form-reading constructor what browsers give: the form's named fields.
 */
function formDataReadsForms(): boolean {
  try {
    new FormData(document.createElement('form'));
    return true;
  } catch {
    return false;
  }
}
if (!formDataReadsForms()) {
  const Base = FormData;
  globalThis.FormData = class extends Base {
    constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const el of Array.from(form.elements) as HTMLInputElement[]) {
        if (el.name && !el.disabled && (el.type !== 'checkbox' || el.checked)) {
          this.append(el.name, el.value);
        }
      }
      const named = submitter as HTMLButtonElement | null | undefined;
      if (named?.name) this.append(named.name, named.value);
    }
  };
}

/** This feature's named routes, bound to their route modules as the app's router binds them. */
const SCREENS: Partial<Record<RouteName, () => Promise<{ Component: React.ComponentType }>>> = {
  seeAllProduct: () => import('../routes/products'),
  addProduct: () => import('../routes/product-form'),
  editProduct: () => import('../routes/product-form'),
  stepDetails: () => import('../routes/steps'),
  registerStep: () => import('../routes/step-form'),
  editStep: () => import('../routes/step-form'),
};

/**
 * The product screens at `path`, as the app renders them (router with the route table's
 * patterns and names, the app's providers). Other routes render a
 * marker naming them, so a test can see where a link or a redirect went.
 */
export function renderProductScreens(path: string) {
  const routes: RouteObject[] = Object.entries(SCREENS).map(([name, module]) => ({
    path: routePattern(name as RouteName),
    handle: { route: name as RouteName } satisfies RouteHandle,
    lazy: module,
  }));
  return renderRoutes(
    [
      {
        HydrateFallback: () => null,
        children: [
          ...routes,
          { path: routePattern('seeAllSetup'), element: <p>Route seeAllSetup</p> },
          { path: '*', element: <p>Route not found</p> },
        ],
      },
    ],
    path,
  );
}

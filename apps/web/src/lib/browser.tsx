import { createContext, useContext } from 'react';

/** Leaving the app for another address (the identity provider). Tests provide their own. */
export interface ExternalNavigation {
  assign: (url: string) => void;
}

const defaultNavigation: ExternalNavigation = {
  assign: (url) => window.location.assign(url),
};

export const ExternalNavigationContext = createContext<ExternalNavigation>(defaultNavigation);

export function useExternalNavigation(): ExternalNavigation {
  return useContext(ExternalNavigationContext);
}

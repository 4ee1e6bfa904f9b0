import { ColumnChoiceKeeperContext, NavigationProgress, ServerMessage, toast } from '@cairn/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type BaseLocationHook, type BaseSearchHook, Router, useLocation, useSearch } from 'wouter';
import { fetchRole } from '../api/calls.ts';
import { accessDeniedNotice } from '../guard/guard.ts';
import { installRequestLogging } from '../http/requestLogging.ts';
import { panelBase } from '../routes/resolve.ts';
import { installSessionRules } from '../session/sessionRules.ts';
import { serverColumnKeeper } from '../stores/columnKeeper.ts';
import './global.css.ts';
import { modeInfoQuery } from './mode.ts';
import { PanelRoutes } from './PanelRoutes.tsx';
import { type AppServices, ServicesContext } from './services.ts';
import { Toasts } from './Toasts.tsx';

/** Connects the client-wide session rules to this router, so they navigate like a link would. */
function SessionRules({ services }: { services: AppServices }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const here = useRef('');
  here.current = search ? `${path}?${search}` : path;
  useEffect(
    () =>
      installSessionRules(services.client, {
        navigate: (to) => navigate(to),
        currentPath: () => here.current,
        recheckSession: async () => {
          const role = await fetchRole(services.client);
          if (role.status === 'ok') return true;
          // The re-check is a role call too: its refusal is shown on sign-in like the guard's.
          const notice = accessDeniedNotice(role);
          if (notice) services.signInNotice.set(notice);
          return false;
        },
        showLicenseError: (problem) => services.licenseError.set(problem),
        toastError: (message) => toast.error(<ServerMessage message={message} />),
      }),
    [services, navigate],
  );
  return null;
}

/** The mode call at start puts the server's message links in force before any message needs them. */
function ServerLinks({ services }: { services: AppServices }) {
  useEffect(() => {
    void services.queryClient.fetchQuery(modeInfoQuery(services.client));
  }, [services]);
  return null;
}

function RequestLogging({ services }: { services: AppServices }) {
  useEffect(
    () => installRequestLogging(services.client, () => services.debugSettings.getSnapshot().isEnableLogging),
    [services],
  );
  return null;
}

export interface AppProps {
  services: AppServices;
  /** Tests pass wouter's memoryLocation; the browser uses the address bar. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
}

export function App({ services, location }: AppProps) {
  const columnKeeper = useMemo(() => serverColumnKeeper(services.client, services.queryClient), [services]);
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <ColumnChoiceKeeperContext.Provider value={columnKeeper}>
          <Router
            base={panelBase}
            {...(location ? { hook: location.hook } : {})}
            {...(location?.searchHook ? { searchHook: location.searchHook } : {})}
          >
            <SessionRules services={services} />
            <RequestLogging services={services} />
            <ServerLinks services={services} />
            <NavigationProgress />
            <PanelRoutes />
            <Toasts />
          </Router>
        </ColumnChoiceKeeperContext.Provider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}

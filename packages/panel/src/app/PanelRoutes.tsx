import { toast } from '@cairn/ui';
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { checkForUpdates, fetchRole, isDemoMode, signInDemo } from '../api/calls.ts';
import { runGuard } from '../guard/guard.ts';
import type { PageProps } from '../pages/pageProps.ts';
import { loadPage } from '../pages/registry.ts';
import { documentTitle, type Resolution, resolveRoute } from '../routes/resolve.ts';
import { type LayoutComponent, loadLayout } from './chunks.ts';
import { useHeadingFocusOnNavigation } from './headingFocus.ts';
import { LoadFailure } from './LoadFailure.tsx';
import { updatesCheckQueryKey } from './queries.ts';
import { rememberUser } from './rememberUser.ts';
import { type AppServices, useServices } from './services.ts';

type Match = Extract<Resolution, { kind: 'match' }>;

interface Committed {
  path: string;
  match: Match;
  Page: ComponentType<PageProps>;
  /** The signed-in frame; the sign-in screen has none. */
  Layout: LayoutComponent | undefined;
}

/** What a route needs before it renders, beyond the guard: /update first rechecks for updates. */
async function beforeEnter(services: AppServices, match: Match): Promise<string | undefined> {
  if (match.route.page !== 'update') return undefined;
  const result = await services.queryClient.fetchQuery({
    queryKey: updatesCheckQueryKey,
    queryFn: () => checkForUpdates(services.client),
    staleTime: 0,
  });
  if (result.status !== 'ok' || result.data.is_available_updates) return undefined;
  // The spec sends the user on to the campaigns; they are told why, not bounced without a word.
  toast.success(`Cairn is up to date (version ${result.data.current_version}).`);
  return '/campaigns';
}

/**
 * Which page is on screen: its route and the parameters of that route, without a child's (a mass-edit
 * modal's ids), since a child opens inside the page rather than replacing it.
 */
function pageKey(match: Match): string {
  const childParams = new Set([...(match.child?.path ?? '').matchAll(/\{(\w+)\}/g)].map((found) => found[1]));
  const own = Object.entries(match.params).filter(([name]) => !childParams.has(name));
  return `${match.route.path} ${JSON.stringify(own)}`;
}

/**
 * The navigation controller: resolves the path against the route table, runs the guard and loads the
 * page's chunk (and the frame's, for pages inside it) together, the progress bar showing the wait, then
 * renders the page. Until then the previous page stays on screen, as in any multi-page site. A
 * navigation that fails (a chunk that no longer exists after an upgrade) says so and offers a reload.
 */
export function PanelRoutes() {
  const services = useServices();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const searchRef = useRef(search);
  searchRef.current = search;
  const flagsLoadedFor = useRef<string | undefined>(undefined);
  const [committed, setCommitted] = useState<Committed>();
  const [failure, setFailure] = useState<{ path: string; error: unknown }>();

  useEffect(() => {
    const resolution = resolveRoute(path);
    if (resolution.kind === 'redirect') {
      navigate(resolution.to, { replace: true });
      return;
    }
    if (resolution.kind === 'not-found') {
      navigate('/404', { replace: true });
      return;
    }
    let current = true;
    setFailure(undefined);
    const { progress } = services;
    progress.start();
    const fullPath = searchRef.current ? `${path}?${searchRef.current}` : path;
    const isSignIn = resolution.route.page === 'sign-in';
    const guard = runGuard(
      {
        fullPath,
        isSignIn,
        isPublic: Boolean(resolution.route.public),
        wasSignedIn: services.currentUser.getSnapshot() !== undefined,
      },
      {
        fetchRole: () => fetchRole(services.client),
        isDemoMode: () => isDemoMode(services.client),
        signInDemo: () => signInDemo(services.client),
      },
    );
    const page = resolution.route.page
      ? loadPage(resolution.route.page)
      : Promise.reject(new Error('No page'));
    const layout = isSignIn ? Promise.resolve(undefined) : loadLayout();
    Promise.all([guard, page, layout])
      .then(async ([decision, Page, Layout]) => {
        if (!current) return;
        if (decision.license) services.licenseError.set(decision.license);
        if (decision.notice) services.signInNotice.set(decision.notice);
        if (decision.kind === 'redirect') {
          progress.done();
          navigate(decision.to, { replace: true });
          return;
        }
        if (decision.user) {
          const loadFlags = flagsLoadedFor.current !== decision.user.id;
          flagsLoadedFor.current = decision.user.id;
          void rememberUser(services, decision.user, loadFlags);
        }
        const elsewhere = await beforeEnter(services, resolution);
        if (!current) return;
        progress.done();
        if (elsewhere) {
          navigate(elsewhere, { replace: true });
          return;
        }
        setCommitted({ path, match: resolution, Page, Layout });
      })
      .catch((error: unknown) => {
        console.error('Navigation failed', error);
        if (!current) return;
        progress.done();
        setFailure({ path, error });
      });
    return () => {
      current = false;
    };
  }, [path, navigate, services]);

  const title = committed?.match.title;
  // In the commit that shows the page, not an effect after it: the tab, the history entry and anything
  // reading the title (a screen reader, a test) never see the old page's title beside the new page.
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useHeadingFocusOnNavigation(committed && pageKey(committed.match));

  if (failure?.path === path) return <LoadFailure error={failure.error} onReload={services.reload} />;
  if (!committed) return null;
  const { match, Page, Layout } = committed;
  const page = (
    <Page
      key={match.route.path}
      route={match.route}
      {...(match.child ? { child: match.child } : {})}
      params={match.params}
      title={match.title}
    />
  );
  return Layout ? <Layout>{page}</Layout> : page;
}

import type { RouteParams } from '../routes/resolve.ts';
import type { RouteDef } from '../routes/table.ts';

export interface PageProps {
  route: RouteDef;
  /** The matched child (settings section, developer-monitor section, mass edit), if any. */
  child?: RouteDef;
  params: RouteParams;
  title: string | undefined;
}

import type { LayoutName } from "../common/routes";

/** What each route of the router carries: its name in the route table and its layout. */
export interface RouteHandle {
  name: string;
  layout: LayoutName;
}

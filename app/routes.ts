import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// v3_routeConfig: the file-system convention, declared the way React Router 7 expects it.
export default flatRoutes() satisfies RouteConfig;

/**
 * A path of the admin from a page of the plugin: the admin's base path (`/app` unless the store set `admin.path`)
 * is what comes before this page's own path. A plain link, not the router's: the dashboard's react-router is its
 * own copy (another major version than a plugin may resolve), so a plugin's `<Link>` finds no router.
 */
export function adminHref(pagePath: string, target: string): string {
  const here = window.location.pathname
  const at = here.lastIndexOf(pagePath)
  const base = at >= 0 ? here.slice(0, at) : ""
  return `${base}${target}`
}

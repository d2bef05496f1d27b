/** The address bar as a rune: pages follow it, links and code change it without a reload. */
import { parseRoute, type Route } from './route.ts';

class Router {
  path = $state(typeof location === 'undefined' ? '/' : location.pathname);
  route: Route = $derived(parseRoute(this.path));

  navigate(to: string, options: { replace?: boolean } = {}): void {
    if (to === location.pathname + location.hash) return;
    if (options.replace) history.replaceState(null, '', to);
    else history.pushState(null, '', to);
    this.path = location.pathname;
    window.scrollTo(0, 0);
  }

  /** Follows the browser's back and forward buttons, and same-origin link clicks. */
  listen(): () => void {
    const onPop = () => {
      this.path = location.pathname;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
      event.preventDefault();
      // A flag after # (the replay's #review) travels with the page it opens.
      this.navigate(url.pathname + url.hash);
    };
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick);
    };
  }
}

export const router = new Router();

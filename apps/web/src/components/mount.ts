/** Mounting components in the DOM tests: one target per test, unmounted afterwards. */
import { type Component, flushSync, mount, unmount } from 'svelte';
import { afterEach } from 'vitest';

const mounted: Record<string, unknown>[] = [];

afterEach(() => {
  for (const instance of mounted.splice(0)) void unmount(instance);
  document.body.innerHTML = '';
});

export function render<Props extends Record<string, unknown>>(
  component: Component<Props>,
  props: Props,
): HTMLElement {
  const target = document.createElement('div');
  document.body.append(target);
  mounted.push(mount(component, { target, props }));
  flushSync();
  return target;
}

/** Accessible names of the buttons inside `root`. */
export function buttonNames(root: ParentNode): string[] {
  return [...root.querySelectorAll('button')].map(
    (button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '',
  );
}

export { flushSync };

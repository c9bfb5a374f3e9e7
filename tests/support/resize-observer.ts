/**
 * jsdom has no ResizeObserver; Ark UI's positioned parts (menus, popovers) watch sizes with it.
 * Import this module in a test file that opens one: nothing ever resizes there.
 */
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = ResizeObserverStub;
}

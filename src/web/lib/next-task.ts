/** Lets the browser run what is waiting (input, paint): what follows the await starts in a task of its own. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `fn` once the browser has nothing else to do (or after a second, where there is no idle callback). */
export const whenIdle = (fn: () => void) =>
  (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1000)))(fn);

/** Lets the browser run what is waiting (input, paint): what follows the await starts in a task of its own. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

import type { ReactPromise } from 'react';

/*
 * What React's use() needs (React 19): the same promise object on every render of a component,
 * before and after it settles, and use() called on every render once it was called on the first.
 * A cache that swaps its promise for the value once it arrives breaks both: a component that
 * suspended on the promise renders again without calling use() ("called use() to suspend in a
 * previous render but did not call use() when it finished"), and a load started anew on the
 * retry is another promise ("suspended by an uncached promise"). So caches keep their promise,
 * marked here the way React marks the promises it reads, and components always call use(): a
 * settled promise is read at once, with no suspension.
 */

/** `promise` itself, marked with its state as it settles (`status`, `value`, `reason`). */
export function usable<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & ReactPromise<T>;
  if (typeof marked.status === 'string') return promise;
  Object.assign(marked, { status: 'pending' });
  promise.then(
    (value) => Object.assign(marked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(marked, { status: 'rejected', reason }),
  );
  return promise;
}

const settled = new WeakMap<object, Promise<unknown>>();

/**
 * A value already at hand as the promise use() reads at once: one per value (a function or an
 * object), so every render passes the same one.
 */
export function fulfilled<T extends object>(value: T): Promise<T> {
  let promise = settled.get(value);
  if (!promise) {
    promise = Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
    settled.set(value, promise);
  }
  return promise as Promise<T>;
}

/** Whether `promise` (marked by `usable`) has settled with a value, and that value. */
export function valueOf<T>(promise: Promise<T> | undefined): T | undefined {
  const marked = promise as (Promise<T> & ReactPromise<T>) | undefined;
  return marked?.status === 'fulfilled' ? marked.value : undefined;
}

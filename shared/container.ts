/**
 * Values kept for the life of a Lambda container: services and what they remember (accounts, the current
 * exclusion list). On AWS a container runs one function, so each value exists once. The local stack runs
 * every function in one process; it says which function is being invoked (`setContainerResolver`), and
 * each function then keeps its own values, as its own containers would.
 */
let containerOf: () => string | undefined = () => undefined;

/** The local runtime names the function being invoked; unset (on AWS), there is one container. */
export function setContainerResolver(resolve: () => string | undefined): void {
  containerOf = resolve;
}

export interface ContainerValue<T> {
  (): T;
  /** Forgets every container's value; the next call creates it again. */
  reset(): void;
}

export function containerValue<T>(create: () => T): ContainerValue<T> {
  const values = new Map<string | undefined, T>();
  const get = (() => {
    const container = containerOf();
    let value = values.get(container);
    if (value === undefined) {
      value = create();
      values.set(container, value);
    }
    return value;
  }) as ContainerValue<T>;
  get.reset = () => values.clear();
  return get;
}

/** Loads by key, each key once while its load succeeds: a failed load is forgotten so the next call tries again. */
export interface RememberedLoads<T> {
  get(key: string): Promise<T>;
  /** Forgets every load. */
  clear(): void;
}

export function rememberedLoads<T>(load: (key: string) => Promise<T>): RememberedLoads<T> {
  const loads = new Map<string, Promise<T>>();
  return {
    get(key) {
      let loading = loads.get(key);
      if (loading === undefined) {
        const started = load(key);
        started.catch(() => {
          if (loads.get(key) === started) loads.delete(key);
        });
        loads.set(key, started);
        loading = started;
      }
      return loading;
    },
    clear: () => loads.clear(),
  };
}

/**
 * A container value loaded asynchronously (a secret, key material): loaded on first use and shared by
 * every later call of the container, except that a failed load is forgotten so the next call tries again.
 */
export function containerLoad<T>(load: () => Promise<T>): ContainerValue<Promise<T>> {
  const loads = rememberedLoads(() => load());
  const get = (() => loads.get(containerOf() ?? '')) as ContainerValue<Promise<T>>;
  get.reset = () => loads.clear();
  return get;
}

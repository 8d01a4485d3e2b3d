/**
 * Values kept for the life of a Lambda container: the dependencies each function composes (stores,
 * clients, signers) and what they remember (accounts, the current exclusion list, loaded secrets).
 *
 * This is the one way code gets a dependency. Use cases and adapters take theirs as parameters; each
 * function's handler module is its composition root and declares what it uses as container values
 * (`containerValue`, `containerLoad`), and bundles that several functions share (the verification
 * services, the pipeline's services) are container values too. Tests call the same values, and
 * `newContainer()` when they change configuration: the next call builds everything anew, as a cold
 * start would.
 *
 * On AWS a container runs one function, so each value exists once. The local stack runs every function
 * in one process; it says which function is being invoked (`setContainerResolver`), and each function
 * then keeps its own values, as its own containers would.
 */
let containerOf: () => string | undefined = () => undefined;
const forgetters = new Set<() => void>();

/** The local runtime names the function being invoked; unset (on AWS), there is one container. */
export function setContainerResolver(resolve: () => string | undefined): void {
  containerOf = resolve;
}

/** Registers what `newContainer` forgets (container values do this themselves; AWS clients use it too). */
export function forgetOnNewContainer(forget: () => void): void {
  forgetters.add(forget);
}

/**
 * Forgets every container value of every function (and destroys the AWS clients): the next call builds
 * each from the configuration of that moment, as a cold start would. Tests and local tooling call it
 * after changing configuration.
 */
export function newContainer(): void {
  for (const forget of forgetters) forget();
}

export type ContainerValue<T> = () => T;

export function containerValue<T>(create: () => T): ContainerValue<T> {
  const values = new Map<string | undefined, T>();
  forgetOnNewContainer(() => values.clear());
  return () => {
    const container = containerOf();
    let value = values.get(container);
    if (value === undefined) {
      value = create();
      values.set(container, value);
    }
    return value;
  };
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
  forgetOnNewContainer(() => loads.clear());
  return () => loads.get(containerOf() ?? '');
}

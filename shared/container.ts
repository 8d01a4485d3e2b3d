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
    if (value === undefined) values.set(container, (value = create()));
    return value;
  }) as ContainerValue<T>;
  get.reset = () => values.clear();
  return get;
}

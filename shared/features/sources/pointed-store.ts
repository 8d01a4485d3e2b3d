/**
 * What the stores of a source kept as versions behind a pointer (the LEIE, the sanctions lists) have in
 * common: their ports, their clock, the version in force remembered a while, and the versions found
 * unusable, warned about once per container.
 */
import { type Clock, systemClock } from '../../platform/clock.ts';
import type { LoadPorts } from './load-ports.ts';
import type { SourcePointers } from './lists/source-pointer.ts';
import { RememberedForAWhile } from './remembered-lookups.ts';

export abstract class PointedSourceStore<Version, Ports extends { readonly pointers: SourcePointers; readonly loads: LoadPorts }> {
  protected readonly remembered = new RememberedForAWhile<Version | undefined>();
  /** Versions found unusable, warned about once per container. */
  protected readonly warned = new Set<string>();

  constructor(
    protected readonly ports: Ports,
    protected readonly clock: Clock = systemClock,
  ) {}

  /** What the source's ingest uses besides its rows and pointer. */
  get loads(): LoadPorts {
    return this.ports.loads;
  }
}

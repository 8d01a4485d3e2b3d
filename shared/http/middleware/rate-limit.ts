/** The per-minute limit: every authenticated request counts in its account's window for its mode (429 past it). */
import { stateOf, type Middleware } from '../pipeline-frame.ts';
import type { Services } from '../pipeline-services.ts';

export function admitToLimits(services: () => Services): Middleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      if (!state.caller) throw new Error('admitToLimits runs after authenticate');
      state.limits = await services().limits.admit(state.caller);
    },
  };
}

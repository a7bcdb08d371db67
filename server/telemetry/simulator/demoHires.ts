// The demo's hire stories (issue 41, docs/rental.md): the machines the seed writes them for, and
// what the demo's devices do about them. A machine back from a hire stands in its depot from its
// off-hire, except the one its customer keeps working; one on hire stands idle for days.
export const DEMO_HIRE_STORIES = {
  /** On hire, standing since DEMO_IDLE_DAYS ago: idle on hire. */
  idleOnHire: 'NPH-1360',
  /** Went back with a fault: its contract was swapped onto the next machine. */
  swappedOut: 'NPH-1367',
  swappedIn: 'NPH-1374',
  /** Off-hired two days ago, and its customer still works it: not returned. */
  notReturned: 'NPH-1381',
} as const;

export const DEMO_IDLE_DAYS = 6;

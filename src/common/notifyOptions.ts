// A notice's timeout as react-admin takes it: 0 means it stays until closed (spec point 4).
export function notifyTimeout(timeoutMs: number): { autoHideDuration: number | null } {
  return { autoHideDuration: timeoutMs === 0 ? null : timeoutMs };
}

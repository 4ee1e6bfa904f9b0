// Query keys shared by the navigation controller and the pages that read the same data.
export const updatesCheckQueryKey = ['updates-check'] as const;
export const modeQueryKey = ['mode'] as const;

/** SPEC.md section 4: update availability goes stale after one hour times this factor. */
export const updateStaleFactor = 6;
export const updateStaleTimeMs = 60 * 60 * 1000 * updateStaleFactor;

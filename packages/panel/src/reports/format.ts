// The report pages' formats are the panel's one formatting module; this name stays for the pages that
// still import it from here.
export { formatDuration, formatInstant } from '../utils/format.ts';

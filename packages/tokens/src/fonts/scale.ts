/**
 * The factor that makes a chosen font take about the same width as the default one: the default font's
 * average character width divided by the chosen font's, rounded to 3 decimals (SPEC.md section 9).
 * Widths that cannot be measured (0, negative, NaN) give 1, i.e. no scaling, rather than a broken size.
 */
export function fontScaleFactor(defaultAverageWidth: number, chosenAverageWidth: number): number {
  const valid = (width: number) => Number.isFinite(width) && width > 0;
  if (!valid(defaultAverageWidth) || !valid(chosenAverageWidth)) return 1;
  return Math.round((defaultAverageWidth / chosenAverageWidth) * 1000) / 1000;
}

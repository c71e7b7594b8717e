/**
 * ISO 8601 durations with days, hours, minutes and seconds (`PT1H`, `PT30M`, `P1DT2H`). Scenario
 * code cannot import the package's own parser at run time (see docs/SCENARIOS.md), hence this copy.
 */
const DURATION =
  /^P(?!$)(?:(\d+(?:\.\d+)?)D)?(?:T(?=\d)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function durationMs(value: string): number {
  const match = DURATION.exec(value);
  if (match === null) throw new Error(`${JSON.stringify(value)} is not an ISO 8601 duration such as PT1H`);
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  return Math.round(((days * 24 + hours) * 60 + minutes) * 60_000 + seconds * 1000);
}

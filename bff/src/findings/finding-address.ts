/*
 * Where a person finds a turbine or a finding: the panel's pages, under PUBLIC_URL. One address per finding for every
 * output (the CSV's and the workbook's link, the JSON-LD annotation's id): whoever follows it signs in and sees it
 * as their role may, and it outlives changes of the API's paths.
 */

/** The panel's page of a turbine. */
export function turbineAddress(publicUrl: string, turbineId: number | string): string {
  return `${publicUrl}/dashboard/turbine/${turbineId}`;
}

/** The panel's page of a finding (it opens the finding on its photo). */
export function findingAddress(publicUrl: string, turbineId: number | string, findingId: number | string): string {
  return `${turbineAddress(publicUrl, turbineId)}/findings/${findingId}`;
}

/** Where the API answers a photo's record (its current version, from the id of any of its versions). */
export function photoAddress(publicUrl: string, turbineId: number | string, mediaId: number | string): string {
  return `${publicUrl}/api/turbines/${turbineId}/photos?view=all&ids=${mediaId}`;
}

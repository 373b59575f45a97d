/**
 * A city as a name shows it: capitalised here with Turkish rules, not with PostgreSQL's initcap, which makes
 * "izmir" "Izmir" instead of "İzmir". Remembered per city: ICU's Turkish upper-casing costs tens of microseconds a
 * call, which made it most of the list's own time with thousands of turbines, and a fleet has few cities.
 */
const cityNames = new Map<string, string>();
const CITY_NAMES_KEPT = 1000;

function cityName(city: string): string {
  let name = cityNames.get(city);
  if (name === undefined) {
    name = city.replace(
      /(^|[\s-])(\p{L})/gu,
      (_match, gap: string, letter: string) => gap + letter.toLocaleUpperCase('tr-TR'),
    );
    if (cityNames.size >= CITY_NAMES_KEPT) cityNames.clear();
    cityNames.set(city, name);
  }
  return name;
}

/** Spec §2: a turbine's display name is its turbine_name, else its city with the suffix "Türbini". */
export function turbineDisplayName(turbineName: string | null, city: string): string {
  return turbineName || `${cityName(city)} Türbini`;
}

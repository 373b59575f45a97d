// How other features' statements reach `turbines`: a leaf that imports nothing of the app (STYLE 7a).

/** How many turbines the company `companyId` (SQL) has, as an int: those being deleted too (their rows remain). */
export function turbineCountOfCompany(companyId: string): string {
  return `(SELECT count(*) FROM turbines WHERE turbines.company_id = ${companyId})::int`;
}

/**
 * Whether the turbine `turbineId` (SQL) is live: a row of a turbine being deleted is as gone as a deleted row, so
 * whatever it holds stops being served the moment the delete is committed.
 */
export function isLiveTurbine(turbineId: string): string {
  return `EXISTS (SELECT 1 FROM turbines WHERE turbines.id = ${turbineId} AND turbines.deleted_at IS NULL)`;
}

/** The company of the turbine `turbineId` (SQL): a scalar subquery, null for a missing turbine. */
export function companyOfTurbine(turbineId: string): string {
  return `(SELECT turbines.company_id FROM turbines WHERE turbines.id = ${turbineId})`;
}

/** The ids (column `id`) of every turbine of the company `companyId` (SQL), being deleted or not: a subquery. */
export function turbineIdsOfCompany(companyId: string): string {
  return `SELECT turbines.id FROM turbines WHERE turbines.company_id = ${companyId}`;
}

/** Joins the turbine that `turbineId` (SQL) names, as `alias`. */
export function joinTurbine(alias: string, turbineId: string): string {
  return `JOIN turbines ${alias} ON ${alias}.id = ${turbineId}`;
}

/**
 * The display name of the turbine joined as `alias` (SQL), as the turbine list's toTurbine makes it, for rows that
 * never reach JavaScript (a CSV export): turbine_name, else the city with the suffix "Türbini", each word's first
 * letter upper-cased with Turkish rules whatever the database's locale (the Turkish letters named, ASCII by upper()).
 */
export function turbineDisplayName(alias: string): string {
  return `COALESCE(NULLIF(${alias}.turbine_name, ''), (
            SELECT string_agg(CASE WHEN c.i = 1 OR substr(${alias}.city, c.i::int - 1, 1) ~ '[[:space:]-]'
                                   THEN upper(translate(c.letter, 'iıçğöşüâîû', 'İIÇĞÖŞÜÂÎÛ')) ELSE c.letter END,
                              '' ORDER BY c.i)
              FROM regexp_split_to_table(${alias}.city, '') WITH ORDINALITY AS c(letter, i)) || ' Türbini')`;
}

/**
 * The name of the turbine `turbineId` (SQL) as a sort key, a scalar subquery: spec §2's name (turbine_name, else the
 * city: the "Türbini" after it changes no order) in the Turkish alphabet's order, capitals as small letters, when
 * compared byte by byte (collation "C", the same on every PostgreSQL whatever its locale).
 */
export function turbineNameSortKey(turbineId: string): string {
  // The Turkish letters spelled so that byte order puts them after their base letter (`~` follows every letter: ç
  // after every c…), I and ı between h and i, İ as i; lower() then has only ASCII left.
  const spellings = {
    Ç: 'c~',
    ç: 'c~',
    Ğ: 'g~',
    ğ: 'g~',
    I: 'h~',
    ı: 'h~',
    İ: 'i',
    Ö: 'o~',
    ö: 'o~',
    Ş: 's~',
    ş: 's~',
    Ü: 'u~',
    ü: 'u~',
  };
  const spelled = Object.entries(spellings).reduce(
    (sql, [letter, as]) => `replace(${sql}, '${letter}', '${as}')`,
    `COALESCE(NULLIF(turbines.turbine_name, ''), turbines.city)`,
  );
  return `(SELECT lower(${spelled}) FROM turbines WHERE turbines.id = ${turbineId})`;
}

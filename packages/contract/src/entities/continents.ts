// The continent of each country, as the flow's continent criterion reads it from the click's country.
// Codes follow the usual seven-continent split of ISO 3166-1 countries (UN geoscheme regions, with the
// Americas split at Panama/Colombia and Russia and Turkey in Europe, as ad platforms place them).

export const CONTINENTS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export type Continent = (typeof CONTINENTS)[number];

export const CONTINENT_NAMES: Record<Continent, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

const COUNTRIES_BY_CONTINENT: Record<Continent, string> = {
  AF:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW ' +
    'MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS:
    'AE AF AM AZ BD BH BN BT CC CN CX CY GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO ' +
    'MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TW UZ VN YE',
  EU:
    'AD AL AT AX BA BE BG BY CH CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ' +
    'ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA XK',
  NA:
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV ' +
    'SX TC TT UM US VC VG VI',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV VU WF WS',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
};

const continentByCountry = new Map<string, Continent>();
for (const continent of CONTINENTS) {
  for (const country of COUNTRIES_BY_CONTINENT[continent].split(' '))
    continentByCountry.set(country, continent);
}

/** The continent of an ISO 3166-1 alpha-2 country code (upper case); null for an unknown code. */
export function continentOf(countryCode: string): Continent | null {
  return continentByCountry.get(countryCode) ?? null;
}

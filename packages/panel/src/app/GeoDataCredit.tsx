import * as styles from './GeoDataCredit.css.ts';

/** DB-IP's attribution: their lite databases are CC BY 4.0, which asks for it wherever their data shows. */
export const GEO_DATA_CREDIT = {
  text: 'IP Geolocation by DB-IP',
  url: 'https://db-ip.com',
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

/** The credit line under every view that shows countries, regions, cities or networks. */
export function GeoDataCredit() {
  return (
    <footer className={styles.credit}>
      <a className={styles.link} href={GEO_DATA_CREDIT.url} target="_blank" rel="noreferrer">
        {GEO_DATA_CREDIT.text}
      </a>
      {' ('}
      <a className={styles.link} href={GEO_DATA_CREDIT.licenceUrl} target="_blank" rel="noreferrer">
        {GEO_DATA_CREDIT.licence}
      </a>
      {')'}
    </footer>
  );
}

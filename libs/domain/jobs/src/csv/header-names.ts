import { normalizeHeaderName } from './cell-patterns';

// Compared after normalizeHeaderName (lowercase, no diacritics, no separators).
export const EMAIL_HEADERS = new Set([
  'email',
  'emails',
  'emailaddress',
  'emailaddr',
  'mail',
  'mailaddress',
  'emailid',
  'courriel',
  'adressecourriel',
  'adresseemail',
  'adressemail',
  'adresseelectronique',
  'correo',
  'correoelectronico',
  'emailadresse',
  'mailadresse',
  'epost',
  'eposta',
  'posta',
]);
// 'mail' alone is not a part: it would match data such as 'Hotmail'.
const EMAIL_HEADER_PARTS = ['email', 'courriel', 'correo'];

export const FIRST_NAME_HEADERS = new Set([
  'firstname',
  'first',
  'fname',
  'givenname',
  'given',
  'forename',
  'prenom',
  'vorname',
  'nombre',
  'nome',
  'voornaam',
]);
export const LAST_NAME_HEADERS = new Set([
  'lastname',
  'last',
  'lname',
  'surname',
  'familyname',
  'family',
  'nom',
  'nomdefamille',
  'nachname',
  'apellido',
  'apellidos',
  'cognome',
  'achternaam',
]);
// A whole name in one column ("Jane Doe"), used by finder jobs only when no first-name column exists.
export const FULL_NAME_HEADERS = new Set([
  'name',
  'fullname',
  'contactname',
  'contact',
  'person',
  'personname',
  'nomcomplet',
  'nombrecompleto',
  'nomecompleto',
  'vollstandigername',
]);
export const DOMAIN_HEADERS = new Set([
  'domain',
  'domainname',
  'companydomain',
  'emaildomain',
  'maildomain',
  'websitedomain',
]);
export const URL_HEADERS = new Set([
  'website',
  'companywebsite',
  'url',
  'companyurl',
  'websiteurl',
  'web',
  'site',
  'siteweb',
  'homepage',
  'companysite',
]);

/** Words that appear in header rows but hardly ever as data, beyond the column names above. */
const OTHER_HEADERS = new Set([
  'company',
  'companyname',
  'organization',
  'organisation',
  'title',
  'jobtitle',
  'phone',
  'telephone',
  'mobile',
  'city',
  'country',
  'state',
  'address',
  'zip',
  'id',
  'status',
  'source',
  'notes',
  'note',
  'tags',
  'createdat',
  'date',
]);

/** 2 for an exact email header name, 1 when it merely contains one (`Work Email`), else 0. */
export function emailHeaderScore(cell: string): number {
  const name = normalizeHeaderName(cell);
  if (EMAIL_HEADERS.has(name)) return 2;
  return EMAIL_HEADER_PARTS.some((part) => name.includes(part)) ? 1 : 0;
}

export function isKnownHeaderName(cell: string): boolean {
  const name = normalizeHeaderName(cell);
  return (
    emailHeaderScore(cell) > 0 ||
    [FIRST_NAME_HEADERS, LAST_NAME_HEADERS, FULL_NAME_HEADERS, DOMAIN_HEADERS, URL_HEADERS, OTHER_HEADERS].some((set) =>
      set.has(name),
    )
  );
}

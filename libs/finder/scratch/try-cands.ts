import { normaliseName } from '../src/naming/normalise-name';
import { generateCandidates } from '../src/candidates/generate-candidates';
import { inferDomainFormats } from '../src/patterns/infer-domain-format';
const show = (f: string, l: string | null, formats?: any) => { const n = normaliseName(f, l); if (n.ok) console.log(f, l, generateCandidates(n.name, { formats }).map(c => `${c.localPart}(${c.pattern} ${c.prior.toFixed(3)})`).join(' ')); };
show('José', 'Müller'); show('Jan', 'van der Berg'); show('Jean-Luc', 'Picard'); show('Anna', null);
const formats = inferDomainFormats('acme.com', [{ email: 'a.smith@acme.com', firstName: 'Alice', lastName: 'Smith' }, { email: 'b.jones@acme.com', firstName: 'Bob', lastName: 'Jones' }]);
console.log(formats); show('Carol', 'White', formats);

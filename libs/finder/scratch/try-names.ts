import { normaliseName } from '../src/naming/normalise-name';
const cases: Array<[string, string | null]> = [['José','Müller'],['Seán',"O'Brien"],['Jan','van der Berg'],['Jean-Luc','Picard'],['María José','García López'],['Dr. John','Smith Jr.'],['李',null],['Ludwig van','Beethoven'],['Anna','Smith-Jones'],['Björn','Østergård'],['Дмитрий','Иванов'], ['John F.', 'Kennedy'], ['Dr.', null], ['Hans','van der Berg-Smit']];
for (const [f,l] of cases) console.log(f, l, JSON.stringify(normaliseName(f,l)));

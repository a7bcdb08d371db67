// The hire sheet's words in each portal language. The PDF's standard fonts draw Latin-1 only
// (server/documents/pdf.ts), so a Chinese reader's sheet is worded in English, its dates theirs.
import type { MailLanguage } from '../mail/index.ts';

export interface SheetWords {
  title(contract: string): string;
  machine: string;
  customer: string;
  site: string;
  onHireAt: string;
  offHireAt: string;
  openEnded: string;
  rentalCompany: string;
  check: { onHire: string; offHire: string };
  notDone: string;
  doneBy(when: string, who: string): string;
  signedBy(name: string): string;
  yes: string;
  no: string;
  none: string;
  photos(count: number): string;
  photoWithheld: string;
  differences: string;
  fuelUsed: string;
  meterHours: string;
  newDamage: string;
  missing: string;
  nothing: string;
}

const en: SheetWords = {
  title: (contract) => `Hire ${contract}`,
  machine: 'Machine',
  customer: 'Customer',
  site: 'Site',
  onHireAt: 'On hire',
  offHireAt: 'Off hire',
  openEnded: 'Open-ended',
  rentalCompany: 'Rental company',
  check: { onHire: 'On-hire check', offHire: 'Off-hire check' },
  notDone: 'Not done yet.',
  doneBy: (when, who) => `Done ${when} by ${who}`,
  signedBy: (name) => `Signed by ${name}`,
  yes: 'Yes',
  no: 'No',
  none: 'None',
  photos: (count) => `Photos (${count})`,
  photoWithheld: 'photo not readable',
  differences: 'Differences for billing',
  fuelUsed: 'Fuel used (percentage points of the tank)',
  meterHours: 'Hours on the meter',
  newDamage: 'New damage',
  missing: 'Missing',
  nothing: 'None',
};

export const SHEET_WORDS: Record<MailLanguage, SheetWords> = {
  en,
  zh: en,
  de: {
    title: (contract) => `Miete ${contract}`,
    machine: 'Maschine',
    customer: 'Kunde',
    site: 'Baustelle',
    onHireAt: 'Mietbeginn',
    offHireAt: 'Mietende',
    openEnded: 'Unbefristet',
    rentalCompany: 'Vermieter',
    check: { onHire: 'Übergabeprüfung', offHire: 'Rücknahmeprüfung' },
    notDone: 'Noch nicht durchgeführt.',
    doneBy: (when, who) => `Durchgeführt ${when} von ${who}`,
    signedBy: (name) => `Unterschrieben von ${name}`,
    yes: 'Ja',
    no: 'Nein',
    none: 'Keine',
    photos: (count) => `Fotos (${count})`,
    photoWithheld: 'Foto nicht lesbar',
    differences: 'Unterschiede zur Abrechnung',
    fuelUsed: 'Verbrauchter Kraftstoff (Prozentpunkte des Tanks)',
    meterHours: 'Stunden auf dem Zähler',
    newDamage: 'Neue Schäden',
    missing: 'Fehlt',
    nothing: 'Keine',
  },
  fr: {
    title: (contract) => `Location ${contract}`,
    machine: 'Machine',
    customer: 'Client',
    site: 'Chantier',
    onHireAt: 'Début de location',
    offHireAt: 'Fin de location',
    openEnded: 'Sans date de fin',
    rentalCompany: 'Loueur',
    check: { onHire: 'État des lieux de départ', offHire: 'État des lieux de retour' },
    notDone: 'Pas encore fait.',
    doneBy: (when, who) => `Fait le ${when} par ${who}`,
    signedBy: (name) => `Signé par ${name}`,
    yes: 'Oui',
    no: 'Non',
    none: 'Aucun',
    photos: (count) => `Photos (${count})`,
    photoWithheld: 'photo illisible',
    differences: 'Différences à facturer',
    fuelUsed: 'Carburant consommé (points de pourcentage du réservoir)',
    meterHours: 'Heures au compteur',
    newDamage: 'Nouveaux dégâts',
    missing: 'Manquant',
    nothing: 'Aucune',
  },
  nl: {
    title: (contract) => `Huur ${contract}`,
    machine: 'Machine',
    customer: 'Klant',
    site: 'Bouwplaats',
    onHireAt: 'Huur begint',
    offHireAt: 'Huur eindigt',
    openEnded: 'Zonder einddatum',
    rentalCompany: 'Verhuurder',
    check: { onHire: 'Controle bij uitgifte', offHire: 'Controle bij retour' },
    notDone: 'Nog niet gedaan.',
    doneBy: (when, who) => `Gedaan op ${when} door ${who}`,
    signedBy: (name) => `Getekend door ${name}`,
    yes: 'Ja',
    no: 'Nee',
    none: 'Geen',
    photos: (count) => `Foto's (${count})`,
    photoWithheld: 'foto niet leesbaar',
    differences: 'Verschillen voor de factuur',
    fuelUsed: 'Verbruikte brandstof (procentpunten van de tank)',
    meterHours: 'Uren op de teller',
    newDamage: 'Nieuwe schade',
    missing: 'Ontbreekt',
    nothing: 'Geen',
  },
  it: {
    title: (contract) => `Noleggio ${contract}`,
    machine: 'Macchina',
    customer: 'Cliente',
    site: 'Cantiere',
    onHireAt: 'Inizio noleggio',
    offHireAt: 'Fine noleggio',
    openEnded: 'Senza scadenza',
    rentalCompany: 'Noleggiatore',
    check: { onHire: 'Controllo alla consegna', offHire: 'Controllo al rientro' },
    notDone: 'Non ancora fatto.',
    doneBy: (when, who) => `Fatto il ${when} da ${who}`,
    signedBy: (name) => `Firmato da ${name}`,
    yes: 'Sì',
    no: 'No',
    none: 'Nessuno',
    photos: (count) => `Foto (${count})`,
    photoWithheld: 'foto non leggibile',
    differences: 'Differenze da fatturare',
    fuelUsed: 'Carburante consumato (punti percentuali del serbatoio)',
    meterHours: 'Ore al contatore',
    newDamage: 'Nuovi danni',
    missing: 'Mancante',
    nothing: 'Nessuna',
  },
};

// A scheduled report's mail in each portal language: the report attached, or a link to it when the
// file is too large to attach.
import type { MailLanguage } from '../mail/index.ts';

export interface ReportMailWords {
  subject(name: string, range: string): string;
  attached(name: string, organisation: string, range: string): string;
  linked(name: string, organisation: string, range: string, link: string, until: string): string;
}

const range = (start: string, end: string) => (start === end ? start : `${start} – ${end}`);
export const rangeText = range;

export const REPORT_MAIL_WORDS: Record<MailLanguage, ReportMailWords> = {
  en: {
    subject: (name, r) => `${name}: ${r}`,
    attached: (name, org, r) => `Your scheduled report "${name}" for ${org} (${r}) is attached.`,
    linked: (name, org, r, link, until) =>
      `Your scheduled report "${name}" for ${org} (${r}) is ready.\n\nDownload it: ${link}\n\nThe link works until ${until}.`,
  },
  de: {
    subject: (name, r) => `${name}: ${r}`,
    attached: (name, org, r) => `Ihr geplanter Bericht „${name}“ für ${org} (${r}) ist angehängt.`,
    linked: (name, org, r, link, until) =>
      `Ihr geplanter Bericht „${name}“ für ${org} (${r}) ist fertig.\n\nHerunterladen: ${link}\n\nDer Link gilt bis ${until}.`,
  },
  fr: {
    subject: (name, r) => `${name} : ${r}`,
    attached: (name, org, r) =>
      `Votre rapport planifié « ${name} » pour ${org} (${r}) est en pièce jointe.`,
    linked: (name, org, r, link, until) =>
      `Votre rapport planifié « ${name} » pour ${org} (${r}) est prêt.\n\nLe télécharger : ${link}\n\nLe lien est valable jusqu'au ${until}.`,
  },
  nl: {
    subject: (name, r) => `${name}: ${r}`,
    attached: (name, org, r) => `Uw geplande rapport "${name}" voor ${org} (${r}) is bijgevoegd.`,
    linked: (name, org, r, link, until) =>
      `Uw geplande rapport "${name}" voor ${org} (${r}) staat klaar.\n\nDownloaden: ${link}\n\nDe link werkt tot ${until}.`,
  },
  it: {
    subject: (name, r) => `${name}: ${r}`,
    attached: (name, org, r) => `In allegato il report pianificato "${name}" per ${org} (${r}).`,
    linked: (name, org, r, link, until) =>
      `Il report pianificato "${name}" per ${org} (${r}) è pronto.\n\nScaricalo: ${link}\n\nIl link è valido fino al ${until}.`,
  },
  zh: {
    subject: (name, r) => `${name}：${r}`,
    attached: (name, org, r) => `附件是 ${org} 的定期报表“${name}”（${r}）。`,
    linked: (name, org, r, link, until) =>
      `${org} 的定期报表“${name}”（${r}）已生成。\n\n下载：${link}\n\n链接有效期至 ${until}。`,
  },
};

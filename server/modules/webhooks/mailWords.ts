// The mail to an organisation's admins when a webhook is switched off after failing for a day, in
// each portal language.
import type { MailLanguage } from '../mail/index.ts';

export interface WebhookMailWords {
  subject(organisation: string): string;
  body(url: string, error: string, link: string): string;
}

export const WEBHOOK_MAIL_WORDS: Record<MailLanguage, WebhookMailWords> = {
  en: {
    subject: (org) => `A webhook of ${org} was switched off`,
    body: (url, error, link) =>
      `The portal could not deliver events to ${url} for about a day (last: ${error}), so it ` +
      `switched the webhook off. Events that failed are kept in its delivery log, where you can ` +
      `send them again once the receiver works; switch the webhook on at ${link}.`,
  },
  zh: {
    subject: (org) => `${org} 的一个 Webhook 已被停用`,
    body: (url, error, link) =>
      `门户约一天无法向 ${url} 投递事件（最后一次：${error}），因此停用了该 Webhook。` +
      `失败的事件保留在其投递日志中，接收端恢复后可重新发送；请在 ${link} 重新启用。`,
  },
  nl: {
    subject: (org) => `Een webhook van ${org} is uitgeschakeld`,
    body: (url, error, link) =>
      `Het portaal kon ongeveer een dag geen gebeurtenissen afleveren bij ${url} (laatst: ${error}), ` +
      `dus heeft het de webhook uitgeschakeld. Mislukte gebeurtenissen staan in het afleverlogboek, ` +
      `waar u ze opnieuw kunt verzenden zodra de ontvanger werkt; schakel de webhook in op ${link}.`,
  },
  fr: {
    subject: (org) => `Un webhook de ${org} a été désactivé`,
    body: (url, error, link) =>
      `Le portail n’a pas pu livrer d’événements à ${url} pendant environ un jour (dernier : ${error}) ; ` +
      `il a donc désactivé le webhook. Les événements en échec restent dans son journal de livraisons, ` +
      `d’où vous pourrez les renvoyer une fois le récepteur rétabli ; réactivez le webhook sur ${link}.`,
  },
  de: {
    subject: (org) => `Ein Webhook von ${org} wurde abgeschaltet`,
    body: (url, error, link) =>
      `Das Portal konnte etwa einen Tag lang keine Ereignisse an ${url} zustellen (zuletzt: ${error}) ` +
      `und hat den Webhook deshalb abgeschaltet. Fehlgeschlagene Ereignisse bleiben im Zustellprotokoll, ` +
      `von dort können Sie sie erneut senden, sobald der Empfänger wieder läuft; schalten Sie den ` +
      `Webhook unter ${link} wieder ein.`,
  },
  it: {
    subject: (org) => `Un webhook di ${org} è stato disattivato`,
    body: (url, error, link) =>
      `Il portale non è riuscito a consegnare eventi a ${url} per circa un giorno (ultimo: ${error}), ` +
      `quindi ha disattivato il webhook. Gli eventi non consegnati restano nel suo registro delle ` +
      `consegne, da cui potrà inviarli di nuovo quando il ricevitore funziona; riattivi il webhook su ${link}.`,
  },
};

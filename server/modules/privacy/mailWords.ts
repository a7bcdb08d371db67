// The mail to whoever asked for an erasure, with its signed receipt, in each portal language.
import type { MailLanguage } from '../mail/index.ts';

export interface ErasureMailWords {
  subject: string;
  body(receipt: string, keysUrl: string): string;
}

export const ERASURE_MAIL_WORDS: Record<MailLanguage, ErasureMailWords> = {
  en: {
    subject: 'Erasure completed: your receipt',
    body: (receipt, keys) =>
      `The erasure you asked for is done. Its receipt follows; the signature is a JWS made with ` +
      `the portal's key, which ${keys} publishes, and the portal's verify call checks it.\n\n${receipt}`,
  },
  zh: {
    subject: '删除已完成：您的回执',
    body: (receipt, keys) =>
      `您要求的删除已完成。回执如下；签名是用门户密钥生成的 JWS，公钥发布于 ${keys}，` +
      `也可用门户的验证接口核对。\n\n${receipt}`,
  },
  nl: {
    subject: 'Verwijdering voltooid: uw ontvangstbewijs',
    body: (receipt, keys) =>
      `De verwijdering die u vroeg is uitgevoerd. Het ontvangstbewijs volgt; de handtekening is ` +
      `een JWS met de sleutel van het portaal, die ${keys} publiceert, en de controle-aanroep van ` +
      `het portaal toetst hem.\n\n${receipt}`,
  },
  fr: {
    subject: 'Effacement terminé : votre reçu',
    body: (receipt, keys) =>
      `L’effacement demandé est terminé. Son reçu suit ; la signature est un JWS fait avec la clé ` +
      `du portail, publiée à ${keys}, et l’appel de vérification du portail la contrôle.\n\n${receipt}`,
  },
  de: {
    subject: 'Löschung abgeschlossen: Ihre Bestätigung',
    body: (receipt, keys) =>
      `Die beantragte Löschung ist erledigt. Die Bestätigung folgt; die Signatur ist ein JWS mit ` +
      `dem Schlüssel des Portals, den ${keys} veröffentlicht, und der Prüfaufruf des Portals ` +
      `prüft sie.\n\n${receipt}`,
  },
  it: {
    subject: 'Cancellazione completata: la sua ricevuta',
    body: (receipt, keys) =>
      `La cancellazione richiesta è stata eseguita. Segue la ricevuta; la firma è un JWS fatto ` +
      `con la chiave del portale, pubblicata a ${keys}, e la chiamata di verifica del portale la ` +
      `controlla.\n\n${receipt}`,
  },
};

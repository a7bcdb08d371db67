// The account mails in each portal language. The recipient's own language when they have an
// account that chose one, else the language of whoever caused the mail (the inviter, or the
// browser that asked); English otherwise.
import { isLanguageCode, type LanguageCode } from '../../../src/domain/constants.ts';

/** The mails speak every portal language. */
export type MailLanguage = LanguageCode;
export const isMailLanguage = isLanguageCode;

export interface MailWords {
  invitation: {
    subject(organisation: string): string;
    body(who: string | null, organisation: string, link: string, until: string): string;
  };
  reset: { subject: string; body(to: string, link: string, until: string): string };
  registration: {
    subject: string;
    body(organisation: string, link: string, until: string): string;
  };
  alreadyRegistered: {
    subject: string;
    body(to: string, signIn: string, forgot: string): string;
  };
  /** The second step failed so often that sign-in stopped trying it for a while. */
  secondFactorGuessed: {
    subject: string;
    body(to: string, failures: number, forgot: string): string;
  };
  unsubscribe: string;
}

export const MAIL_WORDS: Record<MailLanguage, MailWords> = {
  en: {
    invitation: {
      subject: (org) => `You are invited to ${org} on the fleet portal`,
      body: (who, org, link, until) =>
        `${who ?? 'An administrator'} invited you to join ${org} on the fleet portal.\n\n` +
        `Accept the invitation: ${link}\n\nThe link works once, until ${until}.`,
    },
    reset: {
      subject: 'Reset your fleet portal password',
      body: (to, link, until) =>
        `Someone, we hope you, asked to reset the password of ${to} on the fleet portal.\n\n` +
        `Choose a new password: ${link}\n\nThe link works once, until ${until}. Setting a new ` +
        `password signs you out everywhere. If you did not ask for this, ignore this mail: your ` +
        `password stays as it is.`,
    },
    registration: {
      subject: 'Confirm your e-mail address for the fleet portal',
      body: (org, link, until) =>
        `You registered ${org} on the fleet portal.\n\nConfirm your address to sign in: ${link}\n\n` +
        `The link works once, until ${until}.`,
    },
    alreadyRegistered: {
      subject: 'You already have a fleet portal account',
      body: (to, signIn, forgot) =>
        `Someone tried to register a new organisation with ${to}, which already has an account.\n\n` +
        `Sign in: ${signIn}\nForgot your password? ${forgot}`,
    },
    secondFactorGuessed: {
      subject: 'Someone is trying to sign in to your fleet portal account',
      body: (to, failures, forgot) =>
        `Someone signed in to ${to} on the fleet portal with the right password, then gave a wrong ` +
        `code from the authenticator app ${failures} times within an hour. Two-step sign-in for ` +
        `this account is paused for an hour.\n\nIf this was not you, your password is known to ` +
        `someone else: change it now at ${forgot}`,
    },
    unsubscribe: 'To stop receiving these e-mails:',
  },
  de: {
    invitation: {
      subject: (org) => `Einladung zu ${org} im Flottenportal`,
      body: (who, org, link, until) =>
        `${who ?? 'Ein Administrator'} hat Sie eingeladen, ${org} im Flottenportal beizutreten.\n\n` +
        `Einladung annehmen: ${link}\n\nDer Link funktioniert einmal, bis ${until}.`,
    },
    reset: {
      subject: 'Passwort für das Flottenportal zurücksetzen',
      body: (to, link, until) =>
        `Jemand, hoffentlich Sie, hat das Zurücksetzen des Passworts von ${to} im Flottenportal ` +
        `angefordert.\n\nNeues Passwort wählen: ${link}\n\nDer Link funktioniert einmal, bis ` +
        `${until}. Ein neues Passwort meldet Sie überall ab. Wenn Sie das nicht angefordert haben, ` +
        `ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.`,
    },
    registration: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für das Flottenportal',
      body: (org, link, until) =>
        `Sie haben ${org} im Flottenportal registriert.\n\nBestätigen Sie Ihre Adresse, um sich ` +
        `anzumelden: ${link}\n\nDer Link funktioniert einmal, bis ${until}.`,
    },
    alreadyRegistered: {
      subject: 'Sie haben bereits ein Konto im Flottenportal',
      body: (to, signIn, forgot) =>
        `Jemand hat versucht, mit ${to} eine neue Organisation zu registrieren; diese Adresse hat ` +
        `bereits ein Konto.\n\nAnmelden: ${signIn}\nPasswort vergessen? ${forgot}`,
    },
    secondFactorGuessed: {
      subject: 'Jemand versucht, sich bei Ihrem Flottenportal-Konto anzumelden',
      body: (to, failures, forgot) =>
        `Jemand hat sich bei ${to} im Flottenportal mit dem richtigen Passwort angemeldet und dann ` +
        `${failures}-mal innerhalb einer Stunde einen falschen Code der Authenticator-App ` +
        `eingegeben. Die Anmeldung in zwei Schritten ist für dieses Konto eine Stunde lang ` +
        `gesperrt.\n\nWaren Sie das nicht, kennt jemand anderes Ihr Passwort: Ändern Sie es ` +
        `jetzt unter ${forgot}`,
    },
    unsubscribe: 'Um diese E-Mails nicht mehr zu erhalten:',
  },
  fr: {
    invitation: {
      subject: (org) => `Invitation à rejoindre ${org} sur le portail de flotte`,
      body: (who, org, link, until) =>
        `${who ?? 'Un administrateur'} vous invite à rejoindre ${org} sur le portail de flotte.\n\n` +
        `Accepter l’invitation : ${link}\n\nLe lien fonctionne une fois, jusqu’au ${until}.`,
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe du portail de flotte',
      body: (to, link, until) =>
        `Quelqu’un, vous nous l’espérons, a demandé à réinitialiser le mot de passe de ${to} sur ` +
        `le portail de flotte.\n\nChoisir un nouveau mot de passe : ${link}\n\nLe lien fonctionne ` +
        `une fois, jusqu’au ${until}. Un nouveau mot de passe vous déconnecte partout. Si vous ` +
        `n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.`,
    },
    registration: {
      subject: 'Confirmez votre adresse e-mail pour le portail de flotte',
      body: (org, link, until) =>
        `Vous avez inscrit ${org} sur le portail de flotte.\n\nConfirmez votre adresse pour vous ` +
        `connecter : ${link}\n\nLe lien fonctionne une fois, jusqu’au ${until}.`,
    },
    alreadyRegistered: {
      subject: 'Vous avez déjà un compte sur le portail de flotte',
      body: (to, signIn, forgot) =>
        `Quelqu’un a essayé d’inscrire une nouvelle organisation avec ${to}, qui a déjà un ` +
        `compte.\n\nSe connecter : ${signIn}\nMot de passe oublié ? ${forgot}`,
    },
    secondFactorGuessed: {
      subject: 'Quelqu’un essaie de se connecter à votre compte du portail de flotte',
      body: (to, failures, forgot) =>
        `Quelqu’un s’est connecté à ${to} sur le portail de flotte avec le bon mot de passe, puis ` +
        `a saisi ${failures} fois en une heure un mauvais code de l’application d’authentification. ` +
        `La connexion en deux étapes de ce compte est suspendue pour une heure.\n\nSi ce n’était ` +
        `pas vous, quelqu’un d’autre connaît votre mot de passe : changez-le maintenant sur ${forgot}`,
    },
    unsubscribe: 'Pour ne plus recevoir ces e-mails :',
  },
  nl: {
    invitation: {
      subject: (org) => `Uitnodiging voor ${org} op het vlootportaal`,
      body: (who, org, link, until) =>
        `${who ?? 'Een beheerder'} heeft u uitgenodigd voor ${org} op het vlootportaal.\n\n` +
        `Uitnodiging aannemen: ${link}\n\nDe link werkt één keer, tot ${until}.`,
    },
    reset: {
      subject: 'Stel uw wachtwoord voor het vlootportaal opnieuw in',
      body: (to, link, until) =>
        `Iemand, hopelijk u, vroeg om het wachtwoord van ${to} op het vlootportaal opnieuw in te ` +
        `stellen.\n\nKies een nieuw wachtwoord: ${link}\n\nDe link werkt één keer, tot ${until}. ` +
        `Een nieuw wachtwoord meldt u overal af. Heeft u dit niet gevraagd, negeer deze e-mail dan: ` +
        `uw wachtwoord blijft zoals het is.`,
    },
    registration: {
      subject: 'Bevestig uw e-mailadres voor het vlootportaal',
      body: (org, link, until) =>
        `U heeft ${org} geregistreerd op het vlootportaal.\n\nBevestig uw adres om u aan te ` +
        `melden: ${link}\n\nDe link werkt één keer, tot ${until}.`,
    },
    alreadyRegistered: {
      subject: 'U heeft al een account op het vlootportaal',
      body: (to, signIn, forgot) =>
        `Iemand probeerde een nieuwe organisatie te registreren met ${to}, dat al een account ` +
        `heeft.\n\nAanmelden: ${signIn}\nWachtwoord vergeten? ${forgot}`,
    },
    secondFactorGuessed: {
      subject: 'Iemand probeert in te loggen op uw vlootportaalaccount',
      body: (to, failures, forgot) =>
        `Iemand logde in op ${to} in het vlootportaal met het juiste wachtwoord en gaf daarna ` +
        `${failures} keer binnen een uur een verkeerde code van de authenticator-app. Inloggen in ` +
        `twee stappen is voor dit account een uur gepauzeerd.\n\nWas u dit niet, dan kent iemand ` +
        `anders uw wachtwoord: wijzig het nu via ${forgot}`,
    },
    unsubscribe: 'Om deze e-mails niet meer te ontvangen:',
  },
  zh: {
    invitation: {
      subject: (org) => `邀请您加入车队门户中的 ${org}`,
      body: (who, org, link, until) =>
        `${who ?? '一位管理员'}邀请您加入车队门户中的 ${org}。\n\n接受邀请：${link}\n\n` +
        `该链接只能使用一次，有效期至 ${until}。`,
    },
    reset: {
      subject: '重置您的车队门户密码',
      body: (to, link, until) =>
        `有人（希望是您）请求重置车队门户中 ${to} 的密码。\n\n设置新密码：${link}\n\n` +
        `该链接只能使用一次，有效期至 ${until}。设置新密码会让您在所有地方退出登录。` +
        `如果不是您提出的请求，请忽略此邮件：您的密码保持不变。`,
    },
    registration: {
      subject: '确认您在车队门户的电子邮件地址',
      body: (org, link, until) =>
        `您在车队门户注册了 ${org}。\n\n确认您的地址后即可登录：${link}\n\n` +
        `该链接只能使用一次，有效期至 ${until}。`,
    },
    alreadyRegistered: {
      subject: '您已有车队门户账户',
      body: (to, signIn, forgot) =>
        `有人尝试用 ${to} 注册新组织，但该地址已有账户。\n\n登录：${signIn}\n忘记密码？${forgot}`,
    },
    secondFactorGuessed: {
      subject: '有人正在尝试登录您的车队门户账户',
      body: (to, failures, forgot) =>
        `有人使用正确的密码登录了车队门户上的 ${to}，随后在一小时内 ${failures} 次输入了错误的` +
        `身份验证器代码。该账户的两步登录已暂停一小时。\n\n如果这不是您本人，说明其他人知道您的` +
        `密码：请立即在 ${forgot} 更改密码`,
    },
    unsubscribe: '如不想再收到此类邮件：',
  },
  it: {
    invitation: {
      subject: (org) => `Invito a ${org} sul portale flotta`,
      body: (who, org, link, until) =>
        `${who ?? 'Un amministratore'} vi ha invitato a unirvi a ${org} sul portale flotta.\n\n` +
        `Accettate l’invito: ${link}\n\nIl link funziona una volta, fino al ${until}.`,
    },
    reset: {
      subject: 'Reimpostate la password del portale flotta',
      body: (to, link, until) =>
        `Qualcuno, speriamo voi, ha chiesto di reimpostare la password di ${to} sul portale ` +
        `flotta.\n\nScegliete una nuova password: ${link}\n\nIl link funziona una volta, fino al ` +
        `${until}. Una nuova password vi disconnette ovunque. Se non l’avete chiesto, ignorate ` +
        `questa e-mail: la password resta com’è.`,
    },
    registration: {
      subject: 'Confermate il vostro indirizzo e-mail per il portale flotta',
      body: (org, link, until) =>
        `Avete registrato ${org} sul portale flotta.\n\nConfermate l’indirizzo per accedere: ` +
        `${link}\n\nIl link funziona una volta, fino al ${until}.`,
    },
    alreadyRegistered: {
      subject: 'Avete già un account sul portale flotta',
      body: (to, signIn, forgot) =>
        `Qualcuno ha provato a registrare una nuova organizzazione con ${to}, che ha già un ` +
        `account.\n\nAccedi: ${signIn}\nPassword dimenticata? ${forgot}`,
    },
    secondFactorGuessed: {
      subject: 'Qualcuno sta cercando di accedere al tuo account del portale della flotta',
      body: (to, failures, forgot) =>
        `Qualcuno ha effettuato l’accesso a ${to} sul portale della flotta con la password giusta, ` +
        `poi ha inserito ${failures} volte in un’ora un codice sbagliato dell’app di ` +
        `autenticazione. L’accesso in due passaggi di questo account è sospeso per un’ora.\n\n` +
        `Se non eri tu, qualcun altro conosce la tua password: cambiala subito su ${forgot}`,
    },
    unsubscribe: 'Per non ricevere più queste e-mail:',
  },
};

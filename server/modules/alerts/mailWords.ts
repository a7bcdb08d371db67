// An alert mail in each portal language: one mail carries every alert a member had waiting.
import type { AlertType } from '../../../src/domain/api/alerts.ts';
import type { MailLanguage } from '../mail/index.ts';

/** What one line of the mail says of an alert; the time is already in the reader's zone. */
export interface AlertLine {
  machine: string;
  device: string;
  time: string;
  site: string | null;
  litres: number | null;
  minutes: number | null;
  note: string | null;
}

export interface AlertMailWords {
  subject(count: number, organisation: string): string;
  intro(organisation: string): string;
  line: Record<AlertType, (a: AlertLine) => string>;
  seeAll(link: string): string;
}

const whole = (n: number | null) => String(Math.round(n ?? 0));
const noted = (a: AlertLine) => (a.note ? ` (${a.note})` : '');
/** The machine or asset a device is on, when it is on one. */
const on = (a: AlertLine) => (a.machine ? ` (${a.machine})` : '');

export const ALERT_MAIL_WORDS: Record<MailLanguage, AlertMailWords> = {
  en: {
    subject: (n, org) => (n === 1 ? `1 alert for ${org}` : `${n} alerts for ${org}`),
    intro: (org) => `New alerts for ${org}:`,
    line: {
      outOfHours: (a) =>
        `${a.machine}: out-of-hours use started at ${a.time}${a.site ? ` at ${a.site}` : ''}`,
      fuelTheft: (a) => `${a.machine}: ${whole(a.litres)} l of fuel lost at ${a.time}, engine off`,
      breakdown: (a) => `${a.machine}: marked broken down at ${a.time}${noted(a)}`,
      deviceSilent: (a) =>
        `Device ${a.device}${on(a)}: silent since ${a.time}, over ${whole(a.minutes)} min`,
      idle: (a) => `${a.machine}: idle for ${whole(a.minutes)} min from ${a.time}`,
      leftSite: (a) => `${a.machine}: left ${a.site ?? 'its site'} at ${a.time}`,
      idleOnHire: (a) => `${a.machine}: on hire and not worked since ${a.time}`,
      notReturned: (a) => `${a.machine}: off hire since ${a.time} but not returned`,
      serviceDueSoon: (a) => `${a.machine}: ${a.note ?? 'service'} due soon`,
      serviceOverdue: (a) => `${a.machine}: ${a.note ?? 'service'} overdue`,
      safetyOverdue: (a) =>
        `${a.machine}: ${a.note ?? 'service'} overdue, not to be used until it is done`,
      enteredSite: (a) => `${a.machine}: arrived at ${a.site ?? 'a site'} at ${a.time}`,
      movedEngineOff: (a) => `${a.machine}: moved with the engine off at ${a.time}`,
      lowBattery: (a) => `Device ${a.device}${on(a)}: battery low since ${a.time}`,
      powerCut: (a) => `Device ${a.device}${on(a)}: external power cut at ${a.time}`,
    },
    seeAll: (link) => `See all alerts: ${link}`,
  },
  de: {
    subject: (n, org) => (n === 1 ? `1 Alarm für ${org}` : `${n} Alarme für ${org}`),
    intro: (org) => `Neue Alarme für ${org}:`,
    line: {
      outOfHours: (a) =>
        `${a.machine}: Einsatz außerhalb der Arbeitszeit ab ${a.time}${a.site ? ` auf ${a.site}` : ''}`,
      fuelTheft: (a) =>
        `${a.machine}: ${whole(a.litres)} l Kraftstoff verloren um ${a.time}, Motor aus`,
      breakdown: (a) => `${a.machine}: als defekt gemeldet um ${a.time}${noted(a)}`,
      deviceSilent: (a) =>
        `Gerät ${a.device}${on(a)}: still seit ${a.time}, über ${whole(a.minutes)} Min.`,
      idle: (a) => `${a.machine}: ${whole(a.minutes)} Min. Leerlauf ab ${a.time}`,
      leftSite: (a) => `${a.machine}: hat ${a.site ?? 'seine Baustelle'} um ${a.time} verlassen`,
      idleOnHire: (a) => `${a.machine}: vermietet, aber seit ${a.time} ohne Arbeit`,
      notReturned: (a) => `${a.machine}: seit ${a.time} abgemeldet, aber nicht zurück`,
      serviceDueSoon: (a) => `${a.machine}: ${a.note ?? 'Wartung'} bald fällig`,
      serviceOverdue: (a) => `${a.machine}: ${a.note ?? 'Wartung'} überfällig`,
      safetyOverdue: (a) =>
        `${a.machine}: ${a.note ?? 'Wartung'} überfällig, bis dahin nicht einsetzen`,
      enteredSite: (a) =>
        `${a.machine}: auf ${a.site ?? 'einer Baustelle'} angekommen um ${a.time}`,
      movedEngineOff: (a) => `${a.machine}: bei ausgeschaltetem Motor bewegt um ${a.time}`,
      lowBattery: (a) => `Gerät ${a.device}${on(a)}: Batterie schwach seit ${a.time}`,
      powerCut: (a) =>
        `Gerät ${a.device}${on(a)}: externe Stromversorgung unterbrochen um ${a.time}`,
    },
    seeAll: (link) => `Alle Alarme: ${link}`,
  },
  fr: {
    subject: (n, org) => (n === 1 ? `1 alerte pour ${org}` : `${n} alertes pour ${org}`),
    intro: (org) => `Nouvelles alertes pour ${org} :`,
    line: {
      outOfHours: (a) =>
        `${a.machine} : utilisation hors horaires depuis ${a.time}${a.site ? ` sur ${a.site}` : ''}`,
      fuelTheft: (a) =>
        `${a.machine} : ${whole(a.litres)} l de carburant perdus à ${a.time}, moteur arrêté`,
      breakdown: (a) => `${a.machine} : déclarée en panne à ${a.time}${noted(a)}`,
      deviceSilent: (a) =>
        `Boîtier ${a.device}${on(a)} : muet depuis ${a.time}, plus de ${whole(a.minutes)} min`,
      idle: (a) => `${a.machine} : ralenti pendant ${whole(a.minutes)} min depuis ${a.time}`,
      leftSite: (a) => `${a.machine} : a quitté ${a.site ?? 'son chantier'} à ${a.time}`,
      idleOnHire: (a) => `${a.machine} : en location, sans travail depuis ${a.time}`,
      notReturned: (a) => `${a.machine} : hors location depuis ${a.time}, mais pas rentrée`,
      serviceDueSoon: (a) => `${a.machine} : ${a.note ?? 'entretien'} bientôt dû`,
      serviceOverdue: (a) => `${a.machine} : ${a.note ?? 'entretien'} en retard`,
      safetyOverdue: (a) =>
        `${a.machine} : ${a.note ?? 'entretien'} en retard, à ne pas utiliser avant`,
      enteredSite: (a) => `${a.machine} : arrivée sur ${a.site ?? 'un chantier'} à ${a.time}`,
      movedEngineOff: (a) => `${a.machine} : déplacée moteur arrêté à ${a.time}`,
      lowBattery: (a) => `Boîtier ${a.device}${on(a)} : batterie faible depuis ${a.time}`,
      powerCut: (a) => `Boîtier ${a.device}${on(a)} : alimentation externe coupée à ${a.time}`,
    },
    seeAll: (link) => `Toutes les alertes : ${link}`,
  },
  nl: {
    subject: (n, org) => (n === 1 ? `1 melding voor ${org}` : `${n} meldingen voor ${org}`),
    intro: (org) => `Nieuwe meldingen voor ${org}:`,
    line: {
      outOfHours: (a) =>
        `${a.machine}: gebruik buiten werktijd vanaf ${a.time}${a.site ? ` op ${a.site}` : ''}`,
      fuelTheft: (a) =>
        `${a.machine}: ${whole(a.litres)} l brandstof verdwenen om ${a.time}, motor uit`,
      breakdown: (a) => `${a.machine}: defect gemeld om ${a.time}${noted(a)}`,
      deviceSilent: (a) =>
        `Apparaat ${a.device}${on(a)}: stil sinds ${a.time}, langer dan ${whole(a.minutes)} min`,
      idle: (a) => `${a.machine}: ${whole(a.minutes)} min stationair vanaf ${a.time}`,
      leftSite: (a) => `${a.machine}: heeft ${a.site ?? 'de bouwplaats'} verlaten om ${a.time}`,
      idleOnHire: (a) => `${a.machine}: verhuurd, maar sinds ${a.time} niet gewerkt`,
      notReturned: (a) => `${a.machine}: sinds ${a.time} afgemeld, maar niet terug`,
      serviceDueSoon: (a) => `${a.machine}: ${a.note ?? 'onderhoud'} binnenkort`,
      serviceOverdue: (a) => `${a.machine}: ${a.note ?? 'onderhoud'} achterstallig`,
      safetyOverdue: (a) =>
        `${a.machine}: ${a.note ?? 'onderhoud'} achterstallig, niet gebruiken tot uitgevoerd`,
      enteredSite: (a) => `${a.machine}: aangekomen op ${a.site ?? 'een bouwplaats'} om ${a.time}`,
      movedEngineOff: (a) => `${a.machine}: verplaatst met de motor uit om ${a.time}`,
      lowBattery: (a) => `Apparaat ${a.device}${on(a)}: batterij bijna leeg sinds ${a.time}`,
      powerCut: (a) => `Apparaat ${a.device}${on(a)}: externe voeding onderbroken om ${a.time}`,
    },
    seeAll: (link) => `Alle meldingen: ${link}`,
  },
  it: {
    subject: (n, org) => (n === 1 ? `1 avviso per ${org}` : `${n} avvisi per ${org}`),
    intro: (org) => `Nuovi avvisi per ${org}:`,
    line: {
      outOfHours: (a) =>
        `${a.machine}: uso fuori orario dalle ${a.time}${a.site ? ` a ${a.site}` : ''}`,
      fuelTheft: (a) =>
        `${a.machine}: ${whole(a.litres)} l di carburante persi alle ${a.time}, motore spento`,
      breakdown: (a) => `${a.machine}: segnalata guasta alle ${a.time}${noted(a)}`,
      deviceSilent: (a) =>
        `Dispositivo ${a.device}${on(a)}: silenzioso dalle ${a.time}, oltre ${whole(a.minutes)} min`,
      idle: (a) => `${a.machine}: al minimo per ${whole(a.minutes)} min dalle ${a.time}`,
      leftSite: (a) => `${a.machine}: ha lasciato ${a.site ?? 'il cantiere'} alle ${a.time}`,
      idleOnHire: (a) => `${a.machine}: a noleggio, ferma dal ${a.time}`,
      notReturned: (a) => `${a.machine}: fuori noleggio dal ${a.time}, ma non rientrata`,
      serviceDueSoon: (a) => `${a.machine}: ${a.note ?? 'manutenzione'} in scadenza`,
      serviceOverdue: (a) => `${a.machine}: ${a.note ?? 'manutenzione'} scaduto`,
      safetyOverdue: (a) =>
        `${a.machine}: ${a.note ?? 'manutenzione'} scaduto, da non usare finché non eseguito`,
      enteredSite: (a) => `${a.machine}: arrivata a ${a.site ?? 'un cantiere'} alle ${a.time}`,
      movedEngineOff: (a) => `${a.machine}: spostata a motore spento alle ${a.time}`,
      lowBattery: (a) => `Dispositivo ${a.device}${on(a)}: batteria scarica dalle ${a.time}`,
      powerCut: (a) =>
        `Dispositivo ${a.device}${on(a)}: alimentazione esterna interrotta alle ${a.time}`,
    },
    seeAll: (link) => `Tutti gli avvisi: ${link}`,
  },
  zh: {
    subject: (n, org) => `${org} 的 ${n} 条告警`,
    intro: (org) => `${org} 的新告警：`,
    line: {
      outOfHours: (a) => `${a.machine}：${a.time} 起非工作时间使用${a.site ? `（${a.site}）` : ''}`,
      fuelTheft: (a) => `${a.machine}：${a.time} 熄火时损失燃油 ${whole(a.litres)} 升`,
      breakdown: (a) => `${a.machine}：${a.time} 标记为故障${noted(a)}`,
      deviceSilent: (a) =>
        `设备 ${a.device}${on(a)}：自 ${a.time} 起无数据，超过 ${whole(a.minutes)} 分钟`,
      idle: (a) => `${a.machine}：${a.time} 起怠速 ${whole(a.minutes)} 分钟`,
      leftSite: (a) => `${a.machine}：${a.time} 离开 ${a.site ?? '工地'}`,
      idleOnHire: (a) => `${a.machine}：租赁中，自 ${a.time} 起未工作`,
      notReturned: (a) => `${a.machine}：自 ${a.time} 起已退租，但尚未归还`,
      serviceDueSoon: (a) => `${a.machine}：${a.note ?? '保养'}即将到期`,
      serviceOverdue: (a) => `${a.machine}：${a.note ?? '保养'}已逾期`,
      safetyOverdue: (a) => `${a.machine}：${a.note ?? '保养'}已逾期，完成前不得使用`,
      enteredSite: (a) => `${a.machine}：${a.time} 到达 ${a.site ?? '工地'}`,
      movedEngineOff: (a) => `${a.machine}：${a.time} 在发动机关闭时被移动`,
      lowBattery: (a) => `设备 ${a.device}${on(a)}：自 ${a.time} 起电池电量低`,
      powerCut: (a) => `设备 ${a.device}${on(a)}：${a.time} 外部电源断开`,
    },
    seeAll: (link) => `查看全部告警：${link}`,
  },
};

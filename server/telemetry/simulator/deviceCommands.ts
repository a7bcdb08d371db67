// What a simulated FMB tracker answers to the SMS/GPRS commands staff send most (codec 12), in the
// shape Teltonika's firmware answers them, so the admin area's command box works in the demo.

export function trackerReply(
  imei: string,
  command: string,
  startedMs: number,
  nowMs = Date.now(),
): string {
  const upS = Math.round((nowMs - startedMs) / 1000);
  switch (command.trim().toLowerCase()) {
    case 'getver':
      return `Ver:03.29.00_04 GPS:AXN_5.10_3333 Hw:FMB920 Mod:15 IMEI:${imei} Init:${new Date(startedMs).toISOString()} Uptime:${upS} BL:1.10`;
    case 'getstatus':
      return 'Data Link: 1 GPRS: 1 Phone: 0 SIM: 0 OP: 23415 Signal: 5 NewSMS: 0 Roaming: 0 SMSFull: 0 LAC: 4210 Cell ID: 30121 NetType: 1 FwUpd:-0';
    case 'getinfo':
      return `RTC:${new Date(nowMs).toISOString()} Init:${new Date(startedMs).toISOString()} UpTime:${upS}s PWR:PwrVoltage RST:2 GPS:3 SAT:9 TTFF:12 TTLF:2 NOGPS:0:0 SR:0 FG:0 FL:0 SMS:0 REC:0 MD:0 DB:0`;
    case 'getgps':
      return 'GPS:1 Sat:9 Lat:51.529 Long:-0.276 Alt:38 Speed:0 Dir:0';
    default:
      return `Unknown command: ${command}`;
  }
}

// The alerts in Chinese (Simplified): the list at /alerts, the app bar's count and the settings' choices.
export const alertResourcesZh = {
  alerts: {
    name: '告警 |||| 告警',
    fields: {
      at: '时间',
      type: '告警',
      machineName: '机器',
      detail: '详情',
      startedAt: '开始',
    },
  },
};

export const alertsZh = {
  title: '告警',
  new: '新',
  device: '设备 %{code}',
  litres: '%{litres} 升',
  minutes: '%{minutes} 分钟',
  idle_threshold: '怠速告警阈值（分钟）',
  threshold_saved: '告警阈值已保存。',
  thresholds: '阈值',
  battery_level: '电池告警时机',
  battery_levels: { low: '设备的低电量水平', critical: '设备的临界电量水平' },
  power_cut_v: '外部电压低于（V）视为断电',
  unread: '%{smart_count} 条新告警',
  mail_title: '邮件告警',
  mail_help: '勾选的每种告警都会通过邮件发送；同时发生的多条合并为一封邮件。',
  types: {
    outOfHours: '非工作时间使用',
    fuelTheft: '检测到燃油被盗',
    breakdown: '机器故障',
    deviceSilent: '设备无数据',
    idle: '怠速过久',
    leftSite: '机器离开工地',
    idleOnHire: '租赁中闲置',
    notReturned: '退租后未归还',
    serviceDueSoon: '保养即将到期',
    serviceOverdue: '保养已逾期',
    safetyOverdue: '安全检查已逾期',
    enteredSite: '机械到达工地',
    movedEngineOff: '发动机关闭时被移动',
    lowBattery: '设备电池电量低',
    powerCut: '外部电源断开',
  },
};

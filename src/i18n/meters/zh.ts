// 小时表（中文）：机器的小时表卡片和偏差的小时表。
import type { metersEn } from './en.ts';

export const metersZh: typeof metersEn = {
  title: '小时表',
  none: '尚无读数：请录入小时表显示的数值。',
  now_from: '%{source}：自 %{time} 的读数起，加上此后的发动机小时',
  drift:
    '%{source} 的计数在过去 30 天与发动机自身计数相差 %{hours}（计数 %{counted}；阈值 %{threshold}）。',
  source: '来源',
  value: '读数（小时）',
  read_at: '读数时间',
  offset: '与主计数的偏差',
  lead: '主来源',
  kind: '类型',
  lifetime: '累计计数',
  by: '录入人',
  history: '读数',
  photo: '表盘照片',
  show_all: '显示全部 %{count} 条',
  out_of_order: '补录',
  starting_value: '新表起始值（小时）',
  add: '录入读数',
  saved: '读数已保存',
  sources: { oem: '厂商数据', tracker: '定位器', manual: '手动', computed: '计算' },
  leads: {
    automatic: '自动（厂商、定位器、计算）',
    oem: '厂商数据',
    tracker: '定位器',
    computed: '由手动读数计算',
  },
  kinds: {
    reading: '读数',
    replacement: '新表',
    rollover: '归零',
    reset: '设备重启',
    correction: '校正',
  },
  drifting_title: '偏差的小时表',
  drifting_none: '没有小时表超过其组织的阈值。',
  drift_h: '偏差',
  read_short: '%{source}，读数时间 %{time}',
  drifting_short: '数据源不一致',
};

// The organisation's shifts in chinese: /admin/shifts.
export const shiftResourcesZh = {
  'admin/shifts': {
    name: '班次 |||| 班次',
    fields: {
      name: '名称',
      isDefault: '组织的默认班次',
      siteIds: '采用此班次的工地',
      sites: '适用于',
      days: '工作时间',
      weekday: '星期',
      start: '开始',
      end: '结束',
      breaks: '休息',
      recomputing: '数据',
    },
  },
};

export const shiftsZh = {
  intro:
    '在适用的工作时间之外（包括休息时间）的活动计为非工作时间活动。没有默认班次时，适用周一至周五 07:00–18:00。保存后将在后台重新计算相关机器过去的每一天。',
  default_help: '适用于所在工地没有自己班次的每台机器。',
  sites_help: '这些工地上的机器采用此班次，按工地所在时区计时。',
  days_help: '夜班由两天的时段组成，例如 22:00–00:00 和 00:00–06:00。',
  recomputing: '正在重新计算',
  up_to_date: '已是最新',
  everywhere_else: '其他所有地方',
  no_hours: '没有工作时间：所有活动都计为非工作时间。',
  breaks: '%{smart_count} 次休息 |||| %{smart_count} 次休息',
  errors: {
    clock: '请使用 00:00 到 24:00 之间的时间',
    end_before_start: '结束时间早于开始时间',
    break_outside: '休息时间不在工作时间内',
    break_overlap: '休息时间与另一段重叠',
    weekday_twice: '这一天已有工作时间',
  },
};

// The first-time walkthrough in zh, and the profile-data failure of spec point 8.
export const welcomeZh = {
  title: '欢迎使用车队门户',
  skip: '关闭',
  back: '上一步',
  next: '下一步',
  done: '开始使用',
  steps: {
    machines: {
      title: '您的机器',
      text: '每台机器在任意时段的运行、怠速和关机时长，以及燃油和二氧化碳。可筛选、搜索和下载所见内容。',
    },
    dashboard: {
      title: '仪表板',
      text: '车队的工作量：按日、周或月的利用率、燃油和排放，以及最繁忙的机器。',
    },
    map: { title: '车队地图', text: '每台机器现在的位置，以及它正在工作、怠速还是关机。' },
    routes: { title: '路线和工地', text: '每台机器一天内的行程和停靠点，以及它工作过的工地。' },
  },
};

export const profileFailedZh =
  '获取个人资料数据时出错，请稍后再试。如果问题仍然存在，请联系支持人员。';

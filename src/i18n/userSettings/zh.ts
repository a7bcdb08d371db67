// The user's own settings screen in zh: /user/settings.
export const userSettingsZh = {
  title: '您的设置',
  timezone_help: '日期和时间按此时区显示。',
  naming: '机器显示方式',
  naming_organisation: '按您组织的设置',
  mail: '电子邮件',
  mail_enabled: '向我发送电子邮件',
  saved: '您的设置已保存。',
  save_failed: '无法保存您的设置，请重试。',
  mail_types: {
    invitations: '邀请',
    'shared-locations': '共享位置',
    reports: '报告',
    alerts: '警报',
  },
};

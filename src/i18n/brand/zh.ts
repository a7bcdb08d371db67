// The brand screen's words in zh (spec points 2, 5, 8).
export const brandZh = {
  title: '品牌配置',
  affects_everyone: '对标志和颜色的更改将应用于您组织的所有用户和所有页面。',
  admins_only: '只有您组织的管理员可以更改其品牌。',
  logo: '标志',
  logo_rules:
    '仅限 PNG，最大 1 MB，尺寸从 %{minPx}×%{minPx} 到宽 %{maxWidthPx} 像素、高 %{maxHeightPx} 像素。',
  choose_logo: '上传标志',
  logo_current: '您当前的标志',
  primary: '主色（导航）',
  secondary: '辅色（按钮）',
  fields: {
    primary_background_colour: '主背景色',
    primary_text_colour: '主文字色',
    secondary_background_colour: '辅背景色',
    secondary_text_colour: '辅文字色',
  },
  pick: '选择%{name}',
  invalid_hex: '无效的十六进制代码',
  low_contrast: '您选择的颜色目前不符合 AA 无障碍标准。您可以继续，或提高对比度以符合 AA 标准。',
  preview: '预览',
  login_link: '您组织自己的品牌登录页面：',
  reset: '重置',
  logo_format: '不支持的文件格式。请仅使用允许的文件格式。',
  logo_size: '文件太大。',
  logo_dimensions:
    '标志尺寸须从 %{minPx}×%{minPx} 到宽 %{maxWidthPx} 像素、高 %{maxHeightPx} 像素。',
  saved: '品牌配置已成功保存。',
  reset_done: '品牌配置已成功重置。',
  save_failed: '保存品牌配置时出错，请稍后再试。如果问题仍然存在，请联系支持人员。',
  reset_failed: '重置品牌配置时出错，请稍后再试。如果问题仍然存在，请联系支持人员。',
};

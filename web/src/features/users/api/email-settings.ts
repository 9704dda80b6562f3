// GET and PUT /email-settings (admins): the weekday and hour next week's menu is emailed.
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { settingHooks } from '@/lib/setting-query';

const emailSettings = settingHooks(routes.emailSettings, routes.updateEmailSettings, queryKeys.emailSettings);
export const useEmailSettings = emailSettings.useSetting;
export const useUpdateEmailSettings = emailSettings.useUpdateSetting;

// How a service kind describes its settings to the settings panel: one entry per setting, with
// its name in the kind's settings schema, its label and help text, and its range. No zod here, so
// the page can read the descriptors without loading zod.
import type { SliderRange } from '../constants.ts';

interface SettingBase {
  /** The setting's key in the kind's settings schema. */
  name: string;
  label: string;
  /** One sentence under the control. */
  help: string;
}

export interface SliderSetting extends SettingBase {
  control: 'slider';
  range: SliderRange;
  /** Whole numbers only. */
  integer: boolean;
}

export interface TextSetting extends SettingBase {
  control: 'text';
  maxChars: number;
}

export interface TextListSetting extends SettingBase {
  control: 'text-list';
  maxItems: number;
  maxCharsEach: number;
}

export type SettingDescriptor = SliderSetting | TextSetting | TextListSetting;

/**
 * The assistant's graded question set (issue 35 item 4): questions an owner of the demo fleet asks
 * about their own machines, half in Chinese, half in English, phrased as owners phrase them. Each
 * says what it is about (`expect`); the facts a right answer must hold are not written here but
 * computed from the seeded data when the set is graded (bench/chat-grader.ts), so they never go stale.
 *
 * A question may name placeholders the grader fills from the asker's data: `{order:T220}` the
 * order number of the asker's T220, `{workOrder:inProgress}` / `{workOrder:done}` the number of
 * their newest work order in that step.
 */

/** A span as the owner's calendar reads it (Monday starts the week). */
export type Span = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | { lastDays: number };

/** The machines a question is about: all of the asker's, those of a kind, or those of a model (`T220`). */
export type Asked = 'all' | 'tube' | 'sheet' | `model:${string}`;

export type Expectation =
  /** Which of the machines asked about are in alarm now (the live state). */
  | { kind: 'alarmNow'; machines: Asked }
  /** The alarms of the span on the machines asked about (of one code when `code`). */
  | { kind: 'alarms'; machines: Asked; span: Span; code?: string }
  /** What a code means, and the machines' own history of it. */
  | { kind: 'meaning'; code: string; machines: Asked }
  /** The overdue maintenance items and the next one due. */
  | { kind: 'maintenance'; machines: Asked }
  /** The day each machine's warranty ends. */
  | { kind: 'warranty'; machines: Asked }
  /** Run hours and finished tasks over the span. */
  | { kind: 'output'; machines: Asked; span: Span }
  /** The open work orders of the machines asked about. */
  | { kind: 'workOrders'; machines: Asked }
  /** One work order's status: the question names it with `{workOrder:<step>}`. */
  | { kind: 'workOrder'; step: 'inProgress' | 'done' };

export interface GradedQuestion {
  lang: 'zh' | 'en';
  question: string;
  expect: Expectation;
}

const all = 'all' as const;
const m = (model: string): Asked => `model:${model}`;

export const CHAT_QUESTIONS: readonly GradedQuestion[] = [
  // In alarm now
  { lang: 'en', question: 'Which of my machines is in alarm right now?', expect: { kind: 'alarmNow', machines: all } },
  { lang: 'en', question: 'Is anything alarming at the moment?', expect: { kind: 'alarmNow', machines: all } },
  { lang: 'en', question: 'Are any of my tube cutters showing a fault currently?', expect: { kind: 'alarmNow', machines: 'tube' } },
  { lang: 'en', question: 'Is the K350 in alarm?', expect: { kind: 'alarmNow', machines: m('K350') } },
  { lang: 'zh', question: '我的哪台设备现在有报警？', expect: { kind: 'alarmNow', machines: all } },
  { lang: 'zh', question: '现在有没有机器在报警', expect: { kind: 'alarmNow', machines: all } },
  { lang: 'zh', question: '管材切割机当前有故障吗？', expect: { kind: 'alarmNow', machines: 'tube' } },
  { lang: 'zh', question: 'K350是不是在报警', expect: { kind: 'alarmNow', machines: m('K350') } },

  // Alarms of a machine or of all machines in a span
  { lang: 'en', question: 'How many alarms did we get today?', expect: { kind: 'alarms', machines: all, span: 'today' } },
  { lang: 'en', question: 'Alarms on the T220 this week?', expect: { kind: 'alarms', machines: m('T220'), span: 'thisWeek' } },
  { lang: 'en', question: 'Show me the errors on my P6025 over the last 7 days', expect: { kind: 'alarms', machines: m('P6025'), span: { lastDays: 7 } } },
  { lang: 'en', question: 'How many faults did the whole fleet have last week?', expect: { kind: 'alarms', machines: all, span: 'lastWeek' } },
  { lang: 'en', question: 'What alarms came up yesterday on the K350?', expect: { kind: 'alarms', machines: m('K350'), span: 'yesterday' } },
  { lang: 'en', question: 'Number of alarms this month across all machines', expect: { kind: 'alarms', machines: all, span: 'thisMonth' } },
  { lang: 'en', question: 'How often did E410 happen on my C4020 in the past 14 days?', expect: { kind: 'alarms', machines: m('C4020'), span: { lastDays: 14 }, code: 'E410' } },
  { lang: 'en', question: 'Has the G3015 thrown E203 this week?', expect: { kind: 'alarms', machines: m('G3015'), span: 'thisWeek', code: 'E203' } },
  { lang: 'en', question: 'Did {order:M170} have any alarms in the last 3 days?', expect: { kind: 'alarms', machines: m('M170'), span: { lastDays: 3 } } },
  { lang: 'zh', question: '今天一共报了多少次警？', expect: { kind: 'alarms', machines: all, span: 'today' } },
  { lang: 'zh', question: 'T220这周报警几次', expect: { kind: 'alarms', machines: m('T220'), span: 'thisWeek' } },
  { lang: 'zh', question: 'P6025最近7天的报警情况', expect: { kind: 'alarms', machines: m('P6025'), span: { lastDays: 7 } } },
  { lang: 'zh', question: '上周所有设备的故障次数', expect: { kind: 'alarms', machines: all, span: 'lastWeek' } },
  { lang: 'zh', question: 'K350昨天出了哪些报警', expect: { kind: 'alarms', machines: m('K350'), span: 'yesterday' } },
  { lang: 'zh', question: '这个月我的设备报警统计', expect: { kind: 'alarms', machines: all, span: 'thisMonth' } },
  { lang: 'zh', question: 'C4020近两周E410报了几次', expect: { kind: 'alarms', machines: m('C4020'), span: { lastDays: 14 }, code: 'E410' } },
  { lang: 'zh', question: 'G3015本周有没有出现E203', expect: { kind: 'alarms', machines: m('G3015'), span: 'thisWeek', code: 'E203' } },
  { lang: 'zh', question: '{order:M170}最近三天有报警吗', expect: { kind: 'alarms', machines: m('M170'), span: { lastDays: 3 } } },

  // What a code means on this machine
  { lang: 'en', question: 'What does E512 mean on my machine?', expect: { kind: 'meaning', code: 'E512', machines: all } },
  { lang: 'en', question: 'My M170 shows E305, what does that mean?', expect: { kind: 'meaning', code: 'E305', machines: m('M170') } },
  { lang: 'en', question: 'What is error E410?', expect: { kind: 'meaning', code: 'E410', machines: all } },
  { lang: 'en', question: "E203 on the T220, what's the cause?", expect: { kind: 'meaning', code: 'E203', machines: m('T220') } },
  { lang: 'zh', question: 'E512是什么意思', expect: { kind: 'meaning', code: 'E512', machines: all } },
  { lang: 'zh', question: 'M170报E305是什么原因', expect: { kind: 'meaning', code: 'E305', machines: m('M170') } },
  { lang: 'zh', question: 'E410报警怎么处理', expect: { kind: 'meaning', code: 'E410', machines: all } },
  { lang: 'zh', question: 'T220的E203代表什么', expect: { kind: 'meaning', code: 'E203', machines: m('T220') } },

  // Maintenance due and overdue
  { lang: 'en', question: 'When is the next maintenance due?', expect: { kind: 'maintenance', machines: all } },
  { lang: 'en', question: 'Is any servicing overdue on my machines?', expect: { kind: 'maintenance', machines: all } },
  { lang: 'en', question: 'What maintenance does the G3015 need next?', expect: { kind: 'maintenance', machines: m('G3015') } },
  { lang: 'en', question: 'Do I have any overdue upkeep tasks?', expect: { kind: 'maintenance', machines: all } },
  { lang: 'zh', question: '下次保养是什么时候', expect: { kind: 'maintenance', machines: all } },
  { lang: 'zh', question: '有没有逾期的保养项目', expect: { kind: 'maintenance', machines: all } },
  { lang: 'zh', question: 'G3015接下来要做什么保养', expect: { kind: 'maintenance', machines: m('G3015') } },
  { lang: 'zh', question: '我的设备哪些维护已经超期了', expect: { kind: 'maintenance', machines: all } },

  // Warranty
  { lang: 'en', question: 'When does the warranty on my P6025 run out?', expect: { kind: 'warranty', machines: m('P6025') } },
  { lang: 'en', question: 'Which of my machines are still under warranty?', expect: { kind: 'warranty', machines: all } },
  { lang: 'en', question: 'Is the K350 still covered?', expect: { kind: 'warranty', machines: m('K350') } },
  { lang: 'zh', question: 'P6025的保修什么时候到期', expect: { kind: 'warranty', machines: m('P6025') } },
  { lang: 'zh', question: '我的设备还在质保期内吗', expect: { kind: 'warranty', machines: all } },
  { lang: 'zh', question: 'K350过保了吗', expect: { kind: 'warranty', machines: m('K350') } },

  // Run time and output of a day or a week
  { lang: 'en', question: 'How long did my machines run today?', expect: { kind: 'output', machines: all, span: 'today' } },
  { lang: 'en', question: 'What was the output of the T220 yesterday?', expect: { kind: 'output', machines: m('T220'), span: 'yesterday' } },
  { lang: 'en', question: 'How many parts did we cut this week?', expect: { kind: 'output', machines: all, span: 'thisWeek' } },
  { lang: 'en', question: 'Run time of the C4020 over the last 7 days', expect: { kind: 'output', machines: m('C4020'), span: { lastDays: 7 } } },
  { lang: 'en', question: 'How productive was the P6025 last week?', expect: { kind: 'output', machines: m('P6025'), span: 'lastWeek' } },
  { lang: 'zh', question: '今天设备运行了多长时间', expect: { kind: 'output', machines: all, span: 'today' } },
  { lang: 'zh', question: 'T220昨天的产量是多少', expect: { kind: 'output', machines: m('T220'), span: 'yesterday' } },
  { lang: 'zh', question: '这周一共切了多少个零件', expect: { kind: 'output', machines: all, span: 'thisWeek' } },
  { lang: 'zh', question: 'C4020最近7天的开机时长', expect: { kind: 'output', machines: m('C4020'), span: { lastDays: 7 } } },
  { lang: 'zh', question: 'P6025上周干了多少活', expect: { kind: 'output', machines: m('P6025'), span: 'lastWeek' } },

  // Work orders
  { lang: 'en', question: "What's the status of work order {workOrder:inProgress}?", expect: { kind: 'workOrder', step: 'inProgress' } },
  { lang: 'en', question: 'Has my repair {workOrder:done} been closed?', expect: { kind: 'workOrder', step: 'done' } },
  { lang: 'en', question: 'Any open repair tickets on my machines?', expect: { kind: 'workOrders', machines: all } },
  { lang: 'en', question: 'Where is my repair request for the T220 at?', expect: { kind: 'workOrders', machines: m('T220') } },
  { lang: 'zh', question: '工单{workOrder:inProgress}现在是什么状态', expect: { kind: 'workOrder', step: 'inProgress' } },
  { lang: 'zh', question: '{workOrder:done}这个单子处理完了吗', expect: { kind: 'workOrder', step: 'done' } },
  { lang: 'zh', question: '我有没有未完成的维修工单', expect: { kind: 'workOrders', machines: all } },
  { lang: 'zh', question: 'T220的报修进度怎么样了', expect: { kind: 'workOrders', machines: m('T220') } },
];

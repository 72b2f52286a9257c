import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { KnowledgeApiToken } from '../../ports/tokens';
import { useService } from '../common/services-context';
import { useLanguage } from '../i18n/language-context';
import { PageLoading } from '../shell/page-loading';
import { paths } from '../shell/paths';

/** The alarm code as the fault articles label it (E101, E203...): letters and digits only. */
export const alarmCode = (value: string) => value.trim().toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12);

/**
 * `/fault/:code`: opens the self-service fault article whose label holds the alarm code (the
 * live machine pages and the error log link here by path), or the self-service page when none does.
 */
export default function FaultArticleScreen() {
  const { code = '' } = useParams();
  const { language } = useLanguage();
  const knowledge = useService(KnowledgeApiToken);
  const navigate = useNavigate();
  useEffect(() => {
    const abort = new AbortController();
    const label = alarmCode(code);
    const find = async () => {
      const answer = label ? await knowledge.getArticles('faults', { label, language, size: 20 }, abort.signal) : null;
      const rows = answer?.kind === 'list' ? answer.rows : [];
      const match = rows.find((r) => r.Lable.toUpperCase().split(/[\s,，;；]+/).includes(label)) ?? rows[0];
      navigate(match ? paths.selfArticle(match.Id, match.NodeId) : '/self', { replace: true });
    };
    find().catch(() => !abort.signal.aborted && navigate('/self', { replace: true }));
    return () => abort.abort();
  }, [code, language, knowledge, navigate]);
  return <PageLoading />;
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/content/ArticleView";
import { articleIdParam, loadArticle } from "~/components/content/articles.server";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.article.localTitle} · Roundtable` : "Roundtable" }];

const TAB_OF_GROUP: Record<number, string> = { 9: "news", 14: "announcements", 26: "help" };

// An article opened from the news list: back returns to its tab there.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const article = await loadArticle(request, context, articleIdParam(params.id));
  return { article, back: `/help/list?tab=${TAB_OF_GROUP[article.group] ?? "news"}` };
}

export default function HelpArticle() {
  const { article, back } = useLoaderData<typeof loader>();
  return <ArticleView article={article} back={back} />;
}

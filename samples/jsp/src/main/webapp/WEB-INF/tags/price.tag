<%@ tag body-content="empty" trimDirectiveWhitespaces="true" %>
<%@ attribute name="amount" required="true" type="java.lang.Number" %>
<%@ taglib prefix="fmt" uri="jakarta.tags.fmt" %>
<span class="price"><fmt:formatNumber value="${amount}" type="currency" currencyCode="EUR"/></span>
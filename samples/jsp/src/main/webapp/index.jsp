<%@ page contentType="text/html;charset=UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fmt" uri="jakarta.tags.fmt" %>
<%@ taglib prefix="shop" tagdir="/WEB-INF/tags" %>
<%-- a scriptlet puts the list on the request; EL and JSTL render it; fmt formats in en-US whatever the browser asks --%>
<%
    java.util.Map<String, Double> fruit = new java.util.LinkedHashMap<>();
    fruit.put("apples", 1234.5);
    fruit.put("pears", 0.75);
    request.setAttribute("fruit", fruit);
%>
<fmt:setLocale value="en-US" scope="request"/>
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>JSP on Hawser</title></head>
<body>
<h1>Hello, <c:out value="${empty param.name ? 'JSP' : param.name}"/>!</h1>
<p>Rendered by <%= application.getServerInfo() %> at ${pageContext.request.contextPath}/.</p>
<table>
<c:forEach var="f" items="${fruit}" varStatus="s">
<tr><td>${s.count}</td><td>${f.key}</td><td><fmt:formatNumber value="${f.value}" pattern="#,##0.00"/></td><td><shop:price amount="${f.value}"/></td></tr>
</c:forEach>
</table>
</body>
</html>

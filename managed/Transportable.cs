// TransportableAttribute: marks the reference fields the O-operations follow (paper §4.2.2, Figure 5).
namespace System.MP
{
	/// <summary>On a reference field: the O-operations (OSend, OBcast, OScatter, ...) transport the object it
	/// refers to; an unmarked reference field arrives null.  Primitive, struct and string fields always travel.
	/// On a class it documents intent and changes nothing.  The runtime reads the mark once per class and keeps
	/// it in the class's field plan.</summary>
	[AttributeUsage (AttributeTargets.Class | AttributeTargets.Field)]
	public sealed class TransportableAttribute : Attribute
	{
	}
}
